import type { Container } from 'inversify';
import type { Knex } from 'knex';
import { ListAccountActivity } from '../../application/audit/list-account-activity.js';
import type { AuditEvents } from '../../application/audit/ports/audit-events.js';
import type { Logger } from '../../application/shared/ports/logger.js';
import type { SecurityEvents } from '../../application/shared/ports/security-events.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import { SecurityEventRecorder } from '../../application/audit/security-event-recorder.js';
import { KnexAuditEvents } from './knex-audit-events.js';
import { systemClock } from '../shared/system-clock.js';
import { ids } from '../composition/ids.js';

/**
 * The security events: one recorder, writing each event to `logger` and an account's
 * activity to the audit trail in the app's own database, and the use case that lists it.
 */
export function bindAudit(container: Container, logger: Logger): void {
  container.bind(ids.auditEvents).toResolvedValue((db: Knex) => new KnexAuditEvents(db), [ids.database]);
  container
    .bind(ids.securityEvents)
    .toResolvedValue(
      (audit: AuditEvents) => new SecurityEventRecorder(logger, audit, systemClock),
      [ids.auditEvents],
    );
  container
    .bind(ids.listAccountActivity)
    .toResolvedValue(
      (users: UserRepository, audit: AuditEvents, events: SecurityEvents) => new ListAccountActivity(users, audit, events),
      [ids.users, ids.auditEvents, ids.securityEvents],
    );
}
