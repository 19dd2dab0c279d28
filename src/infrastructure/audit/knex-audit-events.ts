import type { Knex } from 'knex';
import type {
  AdminTrailBatch,
  AdminTrailFilter,
  AdminTrailPage,
  AuditEvent,
  AuditEvents,
  AuditEventsPage,
  NewAuditEvent,
} from '../../application/audit/ports/audit-events.js';
import { ADMIN_ACT_TYPES, type StoredEventType } from '../../application/shared/ports/security-events.js';
import type { UserId } from '../../domain/shared/user.js';
import { databaseClientOf } from '../persistence/database.js';

/** pg returns bigint columns as strings (exact beyond 2^53); ids and epoch milliseconds fit a number. */
interface AuditRow {
  id: number | string;
  user_id: number;
  type: string;
  actor_id: number | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  target_email: string | null;
  provider: string | null;
  created_at: number | string;
}

/** Rows one purge statement deletes at most: a few milliseconds of work on SQLite. */
export const AUDIT_PURGE_BATCH_ROWS = 250;

/**
 * The audit trail in the `audit_events` table of the app's own database. A page of a
 * user's events is one range scan of the (user_id, id) index; a page of the
 * administrators' acts one of the (type, id), (actor_id, id) or (target_email, id)
 * index, by its filter (every act: a range of each act's type, merged); the retention
 * purge walks the created_at index.
 */
export class KnexAuditEvents implements AuditEvents {
  constructor(private readonly db: Knex) {}

  async append(event: NewAuditEvent): Promise<void> {
    await this.db('audit_events').insert({
      user_id: event.userId,
      type: event.type,
      actor_id: event.actorId,
      ip: event.ip,
      user_agent: event.userAgent,
      request_id: event.requestId,
      target_email: event.targetEmail ?? null,
      provider: event.provider ?? null,
      created_at: event.at,
    });
  }

  async listOfUser(userId: UserId, page: AuditEventsPage): Promise<AuditEvent[]> {
    const query = this.db<AuditRow>('audit_events').where({ user_id: userId });
    if (page.before !== null) query.andWhere('id', '<', page.before);
    const rows = await query.orderBy('id', 'desc').limit(page.limit).select('*');
    return rows.map(toEvent);
  }

  async listAdminActs(page: AdminTrailPage): Promise<AuditEvent[]> {
    const query = this.adminActs(page.filter);
    if (page.before !== null) query.andWhere('id', '<', page.before);
    const rows = await query.orderBy('id', 'desc').limit(page.limit).select('*');
    return rows.map(toEvent);
  }

  async adminActsSince(batch: AdminTrailBatch): Promise<AuditEvent[]> {
    const query = this.adminActs({}).andWhere('created_at', '>=', batch.since);
    if (batch.afterId !== null) query.andWhere('id', '>', batch.afterId);
    const rows = await query.orderBy('id', 'asc').limit(batch.limit).select('*');
    return rows.map(toEvent);
  }

  async deleteActivityOfUser(userId: UserId): Promise<number> {
    return this.db('audit_events').where({ user_id: userId }).whereNotIn('type', ADMIN_ACT_TYPES).delete();
  }

  private adminActs(filter: AdminTrailFilter) {
    const query = this.db<AuditRow>('audit_events');
    if (filter.type !== undefined) query.where('type', filter.type);
    else query.whereIn('type', ADMIN_ACT_TYPES);
    if (filter.actorId === null) query.whereNull('actor_id');
    else if (filter.actorId !== undefined) query.where('actor_id', filter.actorId);
    if (filter.targetEmail !== undefined) query.where('target_email', filter.targetEmail);
    return query;
  }

  /**
   * Deletes in batches of `AUDIT_PURGE_BATCH_ROWS`, letting the event loop run between
   * them, as the session purge does: a year of events is many rows, and one statement
   * over them all would hold its locks (or SQLite's main thread) throughout.
   */
  async purgeBefore(time: number): Promise<number> {
    let purged = 0;
    for (;;) {
      const deleted = await this.purgeBatch(time);
      purged += deleted;
      if (deleted < AUDIT_PURGE_BATCH_ROWS) return purged;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private purgeBatch(time: number): Promise<number> {
    const old = this.db('audit_events').where('created_at', '<', time);
    // MySQL takes a LIMIT on DELETE but not in an IN subquery; PostgreSQL the reverse.
    if (databaseClientOf(this.db) === 'mysql') return old.limit(AUDIT_PURGE_BATCH_ROWS).delete();
    return this.db('audit_events')
      .whereIn('id', old.select('id').limit(AUDIT_PURGE_BATCH_ROWS))
      .delete();
  }
}

function toEvent(row: AuditRow): AuditEvent {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    // Only the recorder writes rows, and only of ACTIVITY_TYPES and ADMIN_ACT_TYPES.
    type: row.type as StoredEventType,
    actorId: row.actor_id === null ? null : Number(row.actor_id),
    ip: row.ip,
    userAgent: row.user_agent,
    requestId: row.request_id,
    targetEmail: row.target_email,
    ...(row.provider !== null && row.provider !== undefined && { provider: row.provider }),
    at: Number(row.created_at),
  };
}
