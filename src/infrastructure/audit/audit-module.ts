import { AuditAccountEvents } from '../../application/audit/audit-account-events.js';
import { ExportAdminTrail } from '../../application/audit/export-admin-trail.js';
import { ListAccountActivity } from '../../application/audit/list-account-activity.js';
import { ListAdminTrail } from '../../application/audit/list-admin-trail.js';
import { SecurityEventRecorder } from '../../application/audit/security-event-recorder.js';
import { auditWeb } from '../../web/audit/audit-routes.js';
import { typedModule } from '../shared/binding.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds } from '../shared/shared-ids.js';
import { memoryStore, sqlStore } from '../shared/transactional-stores.js';
import { auditStore } from '../../application/audit/ports/audit-events.js';
import { auditIds as ids } from './audit-ids.js';
import { InMemoryAuditEvents } from './in-memory-audit-events.js';
import { KnexAuditEvents } from './knex-audit-events.js';
import { pastRetention } from './past-retention.js';

/**
 * The security events: one recorder, writing each event to the log and an account's
 * activity and the administrators' acts to the audit trail in the app's own database;
 * the activity page; the administrators' trail (its page mounted by administration,
 * its export by the CLI); and the purge of events past AUDIT_RETENTION_DAYS.
 */
export const audit: Feature = {
  name: 'audit',
  module: (config) =>
    typedModule((provide) => {
      provide(
        sharedIds.securityEvents,
        (get) => new SecurityEventRecorder(get(sharedIds.logger), get(ids.auditEvents), get(sharedIds.clock)),
      );
      provide(
        ids.listAccountActivity,
        (get) => new ListAccountActivity(get(sharedIds.users), get(ids.auditEvents), get(sharedIds.securityEvents)),
      );
      provide(
        ids.listAdminTrail,
        (get) => new ListAdminTrail(get(sharedIds.users), get(ids.auditEvents), get(sharedIds.securityEvents)),
      );
      provide(ids.exportAdminTrail, (get) => new ExportAdminTrail(get(sharedIds.users), get(ids.auditEvents)));
      provide(sharedIds.accountEventSubscribers, () => new AuditAccountEvents());
      provide(sharedIds.webFeatures, (get) => auditWeb({ listAccountActivity: get(ids.listAccountActivity) }));
      provide(sharedIds.purgeTargets, (get) => ({
        name: 'audit event',
        store: pastRetention(get(ids.auditEvents), config.audit.retentionMs),
      }));
    }),
  storage: {
    sql: () =>
      typedModule((provide) => {
        provide(ids.auditEvents, (get) => new KnexAuditEvents(get(sharedIds.database)));
        provide(sharedIds.sqlTransactionalStores, () => sqlStore(auditStore, (trx) => new KnexAuditEvents(trx)));
      }),
    memory: () =>
      typedModule((provide) => {
        provide(ids.auditEvents, () => new InMemoryAuditEvents());
        provide(sharedIds.memoryTransactionalStores, (get) => memoryStore(auditStore, get(ids.auditEvents)));
      }),
  },
};
