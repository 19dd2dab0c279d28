import type { OutgoingMail } from '../outgoing-mail.js';

/** A queued message that one sender has claimed: no other sender gets it until the claim's lease ends. */
export interface ClaimedMail {
  /** The message's id in the queue. */
  readonly id: string;
  /** This claim: only its holder can settle the message. */
  readonly claim: string;
  readonly mail: OutgoingMail;
  /** Attempts at sending it, this one included. */
  readonly attempt: number;
  /** When it was queued (or requeued), epoch milliseconds. */
  readonly queuedAt: number;
}

/** How the queue stands. */
export interface MailQueueStatus {
  /** Messages waiting to be sent or being sent. */
  readonly pending: number;
  /** Messages refused for good or out of retries, kept until requeued. */
  readonly failed: number;
  /** When the oldest pending message was queued; null when none is pending. */
  readonly oldestPendingQueuedAt: number | null;
}

/** How long a claim holds, and what happens to one that lapsed. */
export interface ClaimTerms {
  /** How long a claim holds: longer than one send can take. */
  readonly leaseMs: number;
  /**
   * A claim that lapsed (its sender died, or lost the database after sending) is not taken
   * at once: the next claim releases it, and it is due this long after that. A sender that
   * sent it while the database was away has this long, once the database answers again, to
   * record it as sent.
   */
  readonly lapsedGraceMs: number;
}

/**
 * The delivery side of the outbox that `MailOutbox` fills. Several senders (processes,
 * hosts) may share it: a claim is atomic, so a message goes to exactly one of them, one
 * message at a time; a claim that is never settled (its sender crashed) lapses after its
 * lease and is released, due again after the lapsed grace. Every settling call returns
 * false, and changes nothing, when the caller no longer holds the claim (another sender
 * took it).
 */
export interface MailQueue {
  /**
   * Claims the pending message due at `now` that has waited longest, with `terms`;
   * first releases the lapsed claims. Resolves null when nothing is due.
   */
  claimNext(now: number, terms: ClaimTerms): Promise<ClaimedMail | null>;
  /**
   * A message that was sent: removes it (its payload may hold a link), while the claim
   * holds or after it lapsed and was released, as long as no other sender claimed it since.
   */
  settle(claimed: ClaimedMail): Promise<boolean>;
  /** A message that may go through later: due again at `nextAttemptAt`, with the reason kept. */
  reschedule(claimed: ClaimedMail, nextAttemptAt: number, reason: string): Promise<boolean>;
  /** A message refused for good or out of retries: failed, with the reason kept, until requeued. */
  fail(claimed: ClaimedMail, reason: string): Promise<boolean>;
  /** The counts, and the age of the backlog. */
  status(): Promise<MailQueueStatus>;
  /** Puts every failed message back as newly queued at `now` (a new day of retries); resolves how many. */
  requeueFailed(now: number): Promise<number>;
}
