import type { AuditEvents } from '../../application/audit/ports/audit-events.js';
import type { Purgeable } from '../persistence/purge-schedule.js';

/** The audit trail as a purge target: an event expires `retentionMs` after it happened. */
export function pastRetention(audit: AuditEvents, retentionMs: number): Purgeable {
  return { purgeExpired: (now) => audit.purgeBefore(now - retentionMs) };
}
