import type { Context } from 'koa';
import type { LoginMethod, RequestContext, SecurityEventType } from '../../application/shared/ports/security-events.js';
import { Email } from '../../domain/shared/email.js';
import { storedUserAgent } from './device.js';
import { localeOf } from './locale.js';

/** The event names, as the controllers use them. */
export type { SecurityEventType as SecurityEvent } from '../../application/shared/ports/security-events.js';

/** What an event may carry besides the request's id and address. Never a password. */
export interface SecurityEventFields {
  /** The account the event is about. */
  readonly userId?: number;
  /** The administrator who acted on that account, when it was not its owner. */
  readonly actorId?: number;
  /** The address typed into the form; logged only when it is a valid email. */
  readonly email?: string;
  /** The use case's result kind, e.g. `email-taken`. */
  readonly reason?: string;
  /** How a login proved who it was. */
  readonly method?: LoginMethod;
}

/**
 * The request as an event records it: address, User-Agent (bounded) and the id its log
 * lines carry; and the language it is answered in, for a mail its visitor asks for.
 */
export function requestContext(ctx: Context): RequestContext {
  const requestId: unknown = ctx.state.requestId;
  const locale = localeOf(ctx);
  return {
    ip: ctx.ip,
    userAgent: storedUserAgent(ctx.get('User-Agent')),
    ...(typeof requestId === 'string' && { requestId }),
    ...(locale !== null && { locale }),
  };
}

/**
 * Records a security event of this request through the app's `SecurityEvents`: its log
 * line, with the client address and the request id, and for an account's activity a row
 * of its audit trail. The typed email is kept only when it parses as an email, so a
 * password typed into the email field never lands in a log. Resolves once stored; a
 * failed store is logged and never fails the request.
 */
export async function logSecurityEvent(
  ctx: Context,
  event: SecurityEventType,
  fields: SecurityEventFields = {},
): Promise<void> {
  const { email, ...rest } = fields;
  const parsed = email === undefined ? null : Email.parse(email);
  await ctx.securityEvents.record({
    type: event,
    ...rest,
    ...(parsed && { email: parsed }),
    request: requestContext(ctx),
  });
}
