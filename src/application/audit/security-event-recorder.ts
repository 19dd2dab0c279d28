import type { AuditEvents, NewAuditEvent } from './ports/audit-events.js';
import {
  AUDIT_IP_MAX_LENGTH,
  AUDIT_PROVIDER_MAX_LENGTH,
  AUDIT_TARGET_EMAIL_MAX_LENGTH,
  AUDIT_USER_AGENT_MAX_LENGTH,
} from './ports/audit-events.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Logger } from '../shared/ports/logger.js';
import {
  isActivityType,
  isAdminActType,
  type SecurityEvent,
  type SecurityEvents,
  type SecurityEventType,
} from '../shared/ports/security-events.js';

/** Events an operator should look at: logged as warnings, the rest as info. */
const REFUSALS = new Set<SecurityEventType>([
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
  'admin.two-factor-required',
  'two-factor.required',
  'sudo.refused',
  'passkey.refused',
  'two-factor.failed',
  'login-code.refused',
  'provider.refused',
]);

/**
 * The one way security events are written, with two sinks: a log line for every event
 * (the request id, the event, the address, the account, the actor, the reason, a valid
 * email), and a row of the audit trail for an account's activity and for an
 * administrator's act (with the target's address, which the line leaves out). The line is written
 * first and synchronously, so it survives a failed row, and lines keep the order of
 * their events.
 */
export class SecurityEventRecorder implements SecurityEvents {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly logger: Logger,
    private readonly audit: AuditEvents,
    private readonly clock: Clock,
  ) {}

  record(event: SecurityEvent): Promise<void> {
    this.writeLine(event);
    const row = this.rowOf(event);
    if (!row) return Promise.resolve();
    const storing = this.audit.append(row).catch((error: unknown) => {
      // The action already happened: a missing row must not undo it or fail its answer.
      this.logger.error(
        { err: error, requestId: row.requestId ?? undefined, event: event.type, userId: row.userId },
        'security event not stored',
      );
    });
    this.pending.add(storing);
    void storing.finally(() => this.pending.delete(storing));
    return storing;
  }

  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }

  private writeLine(event: SecurityEvent): void {
    const { type, request, email, targetEmail: _kept, ...fields } = event;
    const line = {
      ...(request?.requestId !== undefined && { requestId: request.requestId }),
      event: type,
      ...(request && { ip: request.ip }),
      ...fields,
      ...(email && { email: email.value }),
    };
    if (REFUSALS.has(type)) this.logger.warn(line, type);
    else this.logger.info(line, type);
  }

  private rowOf(event: SecurityEvent): NewAuditEvent | null {
    const { type, userId, request } = event;
    if (userId === undefined) return null;
    const adminAct = isAdminActType(type);
    if (!adminAct && !isActivityType(type)) return null;
    return {
      userId,
      type,
      actorId: event.actorId ?? null,
      ip: request ? request.ip.slice(0, AUDIT_IP_MAX_LENGTH) : null,
      userAgent: request ? request.userAgent.slice(0, AUDIT_USER_AGENT_MAX_LENGTH) : null,
      requestId: request?.requestId ?? null,
      targetEmail: adminAct && event.targetEmail ? event.targetEmail.slice(0, AUDIT_TARGET_EMAIL_MAX_LENGTH) : null,
      ...(event.provider !== undefined && { provider: event.provider.slice(0, AUDIT_PROVIDER_MAX_LENGTH) }),
      at: this.clock.now(),
    };
  }
}
