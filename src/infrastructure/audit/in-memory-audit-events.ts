import type {
  AdminTrailBatch,
  AdminTrailFilter,
  AdminTrailPage,
  AuditEvent,
  AuditEvents,
  AuditEventsPage,
  NewAuditEvent,
} from '../../application/audit/ports/audit-events.js';
import { isAdminActType } from '../../application/shared/ports/security-events.js';
import type { UserId } from '../../domain/shared/user.js';

/** The audit trail in process memory: for tests; passes the same contract as the Knex adapter. */
export class InMemoryAuditEvents implements AuditEvents {
  private events: AuditEvent[] = [];
  private lastId = 0;

  async append(event: NewAuditEvent): Promise<void> {
    this.lastId += 1;
    this.events.push({ ...event, targetEmail: event.targetEmail ?? null, id: this.lastId });
  }

  async listOfUser(userId: UserId, page: AuditEventsPage): Promise<AuditEvent[]> {
    const { before, limit } = page;
    const older = this.events.filter((event) => event.userId === userId && (before === null || event.id < before));
    return older.reverse().slice(0, limit).map((event) => ({ ...event }));
  }

  async listAdminActs(page: AdminTrailPage): Promise<AuditEvent[]> {
    const { before, limit, filter } = page;
    const older = this.events.filter((event) => isAdminAct(event, filter) && (before === null || event.id < before));
    return older.reverse().slice(0, limit).map((event) => ({ ...event }));
  }

  async adminActsSince(batch: AdminTrailBatch): Promise<AuditEvent[]> {
    const { since, afterId, limit } = batch;
    const later = this.events.filter(
      (event) => isAdminAct(event, {}) && event.at >= since && (afterId === null || event.id > afterId),
    );
    return later.slice(0, limit).map((event) => ({ ...event }));
  }

  async deleteActivityOfUser(userId: UserId): Promise<number> {
    return this.keepOnly((event) => event.userId !== userId || isAdminActType(event.type));
  }

  async purgeBefore(time: number): Promise<number> {
    return this.keepOnly((event) => event.at >= time);
  }

  /** A copy of everything stored, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const copy = [...this.events];
    return () => {
      this.events = copy;
    };
  }

  private keepOnly(keep: (event: AuditEvent) => boolean): number {
    const before = this.events.length;
    this.events = this.events.filter(keep);
    return before - this.events.length;
  }
}

/** Whether the event is an administrator's act that the filter keeps. */
function isAdminAct(event: AuditEvent, filter: AdminTrailFilter): boolean {
  if (!isAdminActType(event.type)) return false;
  if (filter.type !== undefined && event.type !== filter.type) return false;
  if (filter.actorId !== undefined && event.actorId !== filter.actorId) return false;
  return filter.targetEmail === undefined || event.targetEmail === filter.targetEmail;
}
