import type { ClaimedMail, ClaimTerms, MailQueue, MailQueueStatus } from '../../application/mail/ports/mail-queue.js';
import type { MailOutbox } from '../../application/mail/ports/mail-outbox.js';
import type { OutgoingMail } from '../../application/mail/outgoing-mail.js';

/** One queued message, as the `mail_outbox` table holds it. */
interface Row {
  readonly id: string;
  readonly mail: OutgoingMail;
  status: 'pending' | 'failed';
  attempts: number;
  nextAttemptAt: number;
  claim: string | null;
  lastError: string | null;
  createdAt: number;
}

/**
 * The outbox in process memory, both sides of it: use cases queue messages
 * (`MailOutbox`), the delivery loop claims and settles them (`MailQueue`). For tests;
 * it passes the same contract suite as the `mail_outbox` table.
 */
export class InMemoryMailOutbox implements MailOutbox, MailQueue {
  private rows: Row[] = [];
  private lastId = 0;
  private lastClaim = 0;

  /** What is queued and not yet sent (pending or failed), oldest first. */
  get queued(): OutgoingMail[] {
    return this.rows.map((row) => row.mail);
  }

  async enqueue(mail: OutgoingMail, now: number): Promise<void> {
    this.lastId += 1;
    const row: Row = { id: String(this.lastId), mail: { ...mail }, status: 'pending', attempts: 0, nextAttemptAt: now, claim: null, lastError: null, createdAt: now };
    this.rows.push(row);
  }

  /** A copy of the queue, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const copy = this.rows.map((row) => ({ ...row }));
    return () => {
      this.rows = copy;
    };
  }

  async claimNext(now: number, terms: ClaimTerms): Promise<ClaimedMail | null> {
    for (const row of this.rows.filter((r) => r.status === 'pending' && r.claim !== null && r.nextAttemptAt <= now)) {
      Object.assign(row, { claim: null, nextAttemptAt: now + terms.lapsedGraceMs, lastError: 'its sender did not settle it within the lease' });
    }
    const [row] = this.rows
      .filter((r) => r.status === 'pending' && r.claim === null && r.nextAttemptAt <= now)
      .sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || Number(a.id) - Number(b.id));
    if (!row) return null;
    this.lastClaim += 1;
    const claim = `claim-${this.lastClaim}`;
    Object.assign(row, { claim, nextAttemptAt: now + terms.leaseMs, attempts: row.attempts + 1 });
    return { id: row.id, claim, mail: { ...row.mail }, attempt: row.attempts, queuedAt: row.createdAt };
  }

  async settle(claimed: ClaimedMail): Promise<boolean> {
    const row = this.rows.find((r) => r.id === claimed.id && (r.claim === null || r.claim === claimed.claim));
    if (row) this.rows.splice(this.rows.indexOf(row), 1);
    return row !== undefined;
  }

  async reschedule(claimed: ClaimedMail, nextAttemptAt: number, reason: string): Promise<boolean> {
    return this.update(claimed, { claim: null, nextAttemptAt, lastError: reason });
  }

  async fail(claimed: ClaimedMail, reason: string): Promise<boolean> {
    return this.update(claimed, { status: 'failed', claim: null, lastError: reason });
  }

  async status(): Promise<MailQueueStatus> {
    const pending = this.rows.filter((row) => row.status === 'pending');
    const oldest = pending.length === 0 ? null : Math.min(...pending.map((row) => row.createdAt));
    return { pending: pending.length, failed: this.rows.length - pending.length, oldestPendingQueuedAt: oldest };
  }

  async requeueFailed(now: number): Promise<number> {
    const failed = this.rows.filter((row) => row.status === 'failed');
    for (const row of failed) Object.assign(row, { status: 'pending', attempts: 0, nextAttemptAt: now, claim: null, createdAt: now });
    return failed.length;
  }

  /** The row of this claim, while the claim holds. */
  private held(claimed: ClaimedMail): Row | undefined {
    return this.rows.find((row) => row.id === claimed.id && row.claim !== null && row.claim === claimed.claim);
  }

  private update(claimed: ClaimedMail, changes: Partial<Row>): boolean {
    const row = this.held(claimed);
    if (row) Object.assign(row, changes);
    return row !== undefined;
  }
}
