import type { ListAccountActivity } from '../../application/audit/list-account-activity.js';
import type { AuditEvents } from '../../application/audit/ports/audit-events.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`audit.${name}`);

/** The service identifiers of the audit trail (the recorder itself is `sharedIds.securityEvents`). */
export const auditIds = {
  auditEvents: id<AuditEvents>('AuditEvents'),
  listAccountActivity: id<ListAccountActivity>('ListAccountActivity'),
};
