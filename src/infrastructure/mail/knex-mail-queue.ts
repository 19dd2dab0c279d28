import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ClaimedMail, ClaimTerms, MailQueue, MailQueueStatus } from '../../application/mail/ports/mail-queue.js';
import type { OutgoingMail } from '../../application/mail/outgoing-mail.js';

/** The columns a claim reads back; pg gives bigint columns as strings. */
interface ClaimedRow {
  id: number | string;
  payload: string;
  attempts: number;
  created_at: number | string;
}

/** What names a claim on a row. */
type Held = Pick<ClaimedMail, 'id' | 'claim'>;

/** How many of the longest-waiting rows one claim round tries. */
const CANDIDATES = 5;

/** How often a claim selects again when other senders took every candidate first. */
const CLAIM_ROUNDS = 3;

/** The `last_error` column's size. */
const MAX_ERROR = 500;

/** What a released lapsed claim leaves in `last_error`. */
const LAPSED = 'its sender did not settle it within the lease (stopped, or lost the database)';

/**
 * The delivery side of the `mail_outbox` table (KnexMailOutbox fills it). A claim is a
 * conditional UPDATE of one row, by its key, that only succeeds while the row is still
 * pending, unclaimed and due: of several senders at once, on any database, one changes
 * the row and the others none (MySQL's and PostgreSQL's UPDATE re-reads the row it
 * waited for). The claim moves the row's next attempt past the lease; once that time
 * has passed, the next claim releases the row (claim cleared, due after the lapsed
 * grace), which is how a crashed sender's message becomes due again. Settling calls
 * match the claim they were given; `settle` also matches the released row.
 */
export class KnexMailQueue implements MailQueue {
  constructor(private readonly db: Knex) {}

  async claimNext(now: number, terms: ClaimTerms): Promise<ClaimedMail | null> {
    await this.releaseLapsed(now, terms.lapsedGraceMs);
    const claim = randomBytes(16).toString('hex');
    for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
      const candidates: { id: number | string }[] = await this.due(now)
        .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
        .limit(CANDIDATES)
        .select('id');
      if (candidates.length === 0) return null;
      for (const { id } of candidates) {
        const changed = await this.due(now)
          .andWhere({ id })
          .update({ claim, next_attempt_at: now + terms.leaseMs, attempts: this.db.raw('?? + 1', ['attempts']) })
          .catch(deadlockChangesNothing);
        if (changed === 0) continue;
        const claimed = await this.claimed(id, claim);
        if (claimed) return claimed;
      }
    }
    return null;
  }

  async settle(claimed: ClaimedMail): Promise<boolean> {
    const deleted = await this.db('mail_outbox')
      .where({ id: claimed.id })
      .andWhere((row) => row.where({ claim: claimed.claim }).orWhereNull('claim'))
      .delete();
    return deleted > 0;
  }

  async reschedule(claimed: ClaimedMail, nextAttemptAt: number, reason: string): Promise<boolean> {
    return this.update(claimed, { claim: null, next_attempt_at: nextAttemptAt, last_error: reason.slice(0, MAX_ERROR) });
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

  async requeueFailed(now: number): Promise<number> {
    return this.db('mail_outbox')
      .where({ status: 'failed' })
      .update({ status: 'pending', attempts: 0, next_attempt_at: now, claim: null, created_at: now });
  }

  /** Pending, unclaimed rows due at `now`: what a claim may take. */
  private due(now: number): Knex.QueryBuilder {
    return this.db('mail_outbox').where({ status: 'pending' }).whereNull('claim').andWhere('next_attempt_at', '<=', now);
  }

  /** Releases every claim whose lease has run out: due again `graceMs` from now. */
  private async releaseLapsed(now: number, graceMs: number): Promise<void> {
    await this.db('mail_outbox')
      .where({ status: 'pending' })
      .whereNotNull('claim')
      .andWhere('next_attempt_at', '<=', now)
      .update({ claim: null, next_attempt_at: now + graceMs, last_error: LAPSED })
      .catch(deadlockChangesNothing);
  }

  /** The row of this claim, while the claim holds. */
  private held(claimed: Held): Knex.QueryBuilder {
    return this.db('mail_outbox').where({ id: claimed.id, claim: claimed.claim });
  }

  private async update(claimed: Held, changes: Record<string, unknown>): Promise<boolean> {
    return (await this.held(claimed).update(changes)) > 0;
  }

  /** The row this claim won; one whose payload does not parse is failed, not handed out. */
  private async claimed(id: number | string, claim: string): Promise<ClaimedMail | null> {
    const row: ClaimedRow | undefined = await this.db('mail_outbox')
      .where({ id, claim })
      .first('id', 'payload', 'attempts', 'created_at');
    if (!row) return null;
    const mail = parsePayload(row.payload);
    const message = { id: String(row.id), claim, attempt: Number(row.attempts), queuedAt: Number(row.created_at) };
    if (mail) return { ...message, mail };
    await this.update(message, { status: 'failed', claim: null, last_error: 'the stored message is not valid JSON' });
    return null;
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

/**
 * MySQL may lock a range of the (status, next_attempt_at) index for a claim's update, and
 * end one of two claimers at once with a deadlock (ER_LOCK_DEADLOCK; PostgreSQL's is SQLSTATE
 * 40P01): that statement changed nothing, so it simply did not win the row.
 */
function deadlockChangesNothing(error: unknown): number {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ER_LOCK_DEADLOCK' || code === '40P01') return 0;
  throw error;
}
