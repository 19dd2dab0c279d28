import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ClaimedMail, MailQueue, MailQueueStatus, QueuedMailRecord } from '../../application/mail/ports/mail-queue.js';
import type { OutgoingMail } from '../../application/mail/outgoing-mail.js';

/** The columns a claim reads back; pg gives bigint columns as strings. */
interface ClaimedRow {
  id: number | string;
  payload: string;
  attempts: number;
  created_at: number | string;
}

/** The columns `listTo` reads. */
interface ListedRow extends ClaimedRow {
  status: string;
}

/** What names a claim on a row. */
type Held = Pick<ClaimedMail, 'id' | 'claim'>;

/** Rows `listTo` reads at once, by id. */
const LIST_BATCH_ROWS = 500;

/** How often a claim selects again when other senders took every candidate first. */
const CLAIM_ROUNDS = 3;

/** The `last_error` column's size. */
const MAX_ERROR = 500;

/**
 * The delivery side of the `mail_outbox` table (KnexMailOutbox fills it). A claim is a
 * conditional UPDATE of one row, by its key, that only succeeds while the row is still
 * pending and due: of several senders at once, on any database, one changes the row and
 * the others none (MySQL's and PostgreSQL's UPDATE re-reads the row it waited for).
 * The claim moves the row's next attempt past the lease, which is how a crashed
 * sender's message becomes due again; settling calls match the claim they were given.
 */
export class KnexMailQueue implements MailQueue {
  constructor(private readonly db: Knex) {}

  async claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
    const claim = randomBytes(16).toString('hex');
    for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
      const candidates: { id: number | string }[] = await this.due(now)
        .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
        .limit(limit)
        .select('id');
      if (candidates.length === 0) return [];
      const won: (number | string)[] = [];
      for (const { id } of candidates) {
        const changed = await this.due(now)
          .andWhere({ id })
          .update({ claim, next_attempt_at: now + leaseMs, attempts: this.db.raw('?? + 1', ['attempts']) })
          // MySQL may lock a range of the (status, next_attempt_at) index for this update,
          // and end one of two claimers at once with a deadlock: its statement changed
          // nothing, so it simply did not win the row.
          .catch((error: unknown) => (isDeadlock(error) ? 0 : Promise.reject(error)));
        if (changed > 0) won.push(id);
      }
      if (won.length > 0) return this.claimed(won, claim);
    }
    return [];
  }

  async settle(claimed: ClaimedMail): Promise<boolean> {
    return (await this.held(claimed).delete()) > 0;
  }

  async reschedule(claimed: ClaimedMail, nextAttemptAt: number, reason: string): Promise<boolean> {
    return this.update(claimed, { claim: null, next_attempt_at: nextAttemptAt, last_error: reason.slice(0, MAX_ERROR) });
  }

  async release(claimed: ClaimedMail, now: number): Promise<boolean> {
    return this.update(claimed, { claim: null, next_attempt_at: now, attempts: this.db.raw('?? - 1', ['attempts']) });
  }

  async fail(claimed: ClaimedMail, reason: string): Promise<boolean> {
    return this.update(claimed, { status: 'failed', claim: null, last_error: reason.slice(0, MAX_ERROR) });
  }

  async status(): Promise<MailQueueStatus> {
    const rows: { status: string; count: number | string; oldest: number | string | null }[] = await this.db(
      'mail_outbox',
    )
      .groupBy('status')
      .select('status', this.db.raw('count(*) as ??', ['count']), this.db.raw('min(??) as ??', ['created_at', 'oldest']));
    const of = (status: string) => rows.find((row) => row.status === status);
    const pending = of('pending');
    return {
      pending: Number(pending?.count ?? 0),
      failed: Number(of('failed')?.count ?? 0),
      oldestPendingQueuedAt: pending?.oldest == null ? null : Number(pending.oldest),
    };
  }

  /**
   * The address is inside the JSON payload, which no index covers: the rows are read by
   * id a batch at a time and the payloads compared here, the same on every database.
   */
  async listTo(address: string): Promise<QueuedMailRecord[]> {
    const found: QueuedMailRecord[] = [];
    let afterId: number | string = 0;
    for (;;) {
      const rows: ListedRow[] = await this.db('mail_outbox')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(LIST_BATCH_ROWS)
        .select('id', 'payload', 'status', 'attempts', 'created_at');
      for (const row of rows) {
        const mail = parsePayload(row.payload);
        if (mail?.to !== address) continue;
        const status = row.status === 'failed' ? 'failed' : 'pending';
        found.push({ kind: mail.kind, queuedAt: Number(row.created_at), status, attempts: Number(row.attempts) });
      }
      const last = rows.at(-1);
      if (rows.length < LIST_BATCH_ROWS || !last) return found;
      afterId = last.id;
    }
  }

  async requeueFailed(now: number): Promise<number> {
    return this.db('mail_outbox')
      .where({ status: 'failed' })
      .update({ status: 'pending', attempts: 0, next_attempt_at: now, claim: null, created_at: now });
  }

  /** Pending rows due at `now`: what a claim may take. */
  private due(now: number): Knex.QueryBuilder {
    return this.db('mail_outbox').where({ status: 'pending' }).andWhere('next_attempt_at', '<=', now);
  }

  /** The row of this claim, while the claim holds. */
  private held(claimed: Held): Knex.QueryBuilder {
    return this.db('mail_outbox').where({ id: claimed.id, claim: claimed.claim });
  }

  private async update(claimed: Held, changes: Record<string, unknown>): Promise<boolean> {
    return (await this.held(claimed).update(changes)) > 0;
  }

  /** The rows this claim won, in the order won; a row whose payload does not parse is failed, not handed out. */
  private async claimed(ids: readonly (number | string)[], claim: string): Promise<ClaimedMail[]> {
    const rows: ClaimedRow[] = await this.db('mail_outbox')
      .whereIn('id', ids)
      .andWhere({ claim })
      .select('id', 'payload', 'attempts', 'created_at');
    const order = ids.map(String);
    rows.sort((a, b) => order.indexOf(String(a.id)) - order.indexOf(String(b.id)));
    const claimed: ClaimedMail[] = [];
    for (const row of rows) {
      const mail = parsePayload(row.payload);
      const message = { id: String(row.id), claim, attempt: Number(row.attempts), queuedAt: Number(row.created_at) };
      if (mail) claimed.push({ ...message, mail });
      else await this.update(message, { status: 'failed', claim: null, last_error: 'the stored message is not valid JSON' });
    }
    return claimed;
  }
}

/** The stored message, or null when the payload is not JSON (its text is never put in an error). */
function parsePayload(payload: string): OutgoingMail | null {
  try {
    return JSON.parse(payload) as OutgoingMail;
  } catch {
    return null;
  }
}

/** MySQL's (ER_LOCK_DEADLOCK) and PostgreSQL's (SQLSTATE 40P01) "this statement was chosen to end a deadlock". */
function isDeadlock(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ER_LOCK_DEADLOCK' || code === '40P01';
}
