import type { ExportAdminTrail } from '../../application/audit/export-admin-trail.js';
import type { ListAccountActivity } from '../../application/audit/list-account-activity.js';
import type { ListAdminTrail } from '../../application/audit/list-admin-trail.js';
import type { AuditEvents } from '../../application/audit/ports/audit-events.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`audit.${name}`);

/** The service identifiers of the audit trail (the recorder itself is `sharedIds.securityEvents`). */
export const auditIds = {
  auditEvents: id<AuditEvents>('AuditEvents'),
  listAccountActivity: id<ListAccountActivity>('ListAccountActivity'),
  /** The administrators' audit trail (`/admin/audit`, mounted by administration). */
  listAdminTrail: id<ListAdminTrail>('ListAdminTrail'),
  /** The trail for an auditor (`npm run cli -- audit export`). */
  exportAdminTrail: id<ExportAdminTrail>('ExportAdminTrail'),
};
