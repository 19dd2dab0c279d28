import type { Context } from 'koa';
import { Email } from '../domain/email.js';
import { requestLogger } from './logger.js';

/** The security events an operator follows; one log line each, with `event` set. */
export type SecurityEvent =
  | 'login.succeeded'
  | 'login.failed'
  | 'signup.succeeded'
  | 'signup.refused'
  | 'logout'
  | 'admin.refused'
  | 'account.password-changed'
  | 'account.email-change-requested'
  | 'account.email-changed'
  | 'account.phone-changed'
  | 'account.deleted'
  | 'account.refused'
  | 'password-reset.requested'
  | 'password-reset.throttled'
  | 'password-reset.succeeded'
  | 'password-reset.refused'
  | 'email.verified'
  | 'email.unverified-refused'
  | 'session.revoked'
  | 'session.revoke-refused'
  | 'sessions.revoked-others'
  | 'login.remembered'
  | 'remember.refused'
  | 'remember.theft-detected'
  | 'admin.granted'
  | 'admin.revoked'
  | 'admin.user-locked'
  | 'admin.user-unlocked'
  | 'admin.reset-sent'
  | 'admin.sessions-revoked'
  | 'admin.user-deleted'
  | 'admin.action-refused'
  | 'sudo.confirmed'
  | 'sudo.refused';

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
}

const REFUSALS = new Set<SecurityEvent>([
  'login.failed',
  'signup.refused',
  'admin.refused',
  'account.refused',
  'password-reset.throttled',
  'password-reset.refused',
  'email.unverified-refused',
  'session.revoke-refused',
  'remember.refused',
  'remember.theft-detected',
  'admin.action-refused',
  'sudo.refused',
]);

/**
 * Logs a security event with the client address. The typed email is kept only when
 * it parses as an email, so a password typed into the email field never lands in a log.
 */
export function logSecurityEvent(ctx: Context, event: SecurityEvent, fields: SecurityEventFields = {}): void {
  const { email, ...rest } = fields;
  const parsed = email === undefined ? null : Email.parse(email);
  const line = { event, ip: ctx.ip, ...rest, ...(parsed && { email: parsed.value }) };
  const log = requestLogger(ctx);
  if (REFUSALS.has(event)) log.warn(line, event);
  else log.info(line, event);
}
