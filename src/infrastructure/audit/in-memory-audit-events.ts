import type { AuditEvent, AuditEvents, AuditEventsPage, NewAuditEvent } from '../../application/audit/ports/audit-events.js';
import type { UserId } from '../../domain/shared/user.js';

/** The audit trail in process memory: for tests; passes the same contract as the Knex adapter. */
export class InMemoryAuditEvents implements AuditEvents {
  private events: AuditEvent[] = [];
  private lastId = 0;

  async append(event: NewAuditEvent): Promise<void> {
    this.lastId += 1;
    this.events.push({ ...event, id: this.lastId });
  }

  async listOfUser(userId: UserId, page: AuditEventsPage): Promise<AuditEvent[]> {
    const { before, limit } = page;
    const older = this.events.filter((event) => event.userId === userId && (before === null || event.id < before));
    return older.reverse().slice(0, limit).map((event) => ({ ...event }));
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    return this.keepOnly((event) => event.userId !== userId);
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
