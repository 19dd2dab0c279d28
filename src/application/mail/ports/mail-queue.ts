import type { OutgoingMail, OutgoingMailKind } from '../outgoing-mail.js';

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

/** A queued message as "Download my data" lists it: never its payload, which may hold a link. */
export interface QueuedMailRecord {
  readonly kind: OutgoingMailKind;
  /** When it was queued (or requeued), epoch milliseconds. */
  readonly queuedAt: number;
  /** Waiting or being sent, or failed and kept until requeued. */
  readonly status: 'pending' | 'failed';
  /** Attempts at sending it so far. */
  readonly attempts: number;
}

/**
 * The delivery side of the outbox that `MailOutbox` fills. Several senders (processes,
 * hosts) may share it: a claim is atomic, so a message goes to exactly one of them,
 * and a claim that is never settled (its sender crashed) lapses after its lease, when
 * the message is due again. Every settling call returns false, and changes nothing,
 * when the caller no longer holds the claim (it lapsed and another sender took it).
 */
export interface MailQueue {
  /**
   * Claims up to `limit` pending messages due at `now` (the longest-waiting first),
   * each for `leaseMs`. Resolves none when nothing is due.
   */
  claimDue(now: number, limit: number, leaseMs: number): Promise<ClaimedMail[]>;
  /** A message that was sent: removes it (its payload may hold a link). */
  settle(claimed: ClaimedMail): Promise<boolean>;
  /** A message that may go through later: due again at `nextAttemptAt`, with the reason kept. */
  reschedule(claimed: ClaimedMail, nextAttemptAt: number, reason: string): Promise<boolean>;
  /** A message that was not tried after all (the sender is stopping): due again at `now`, this attempt not counted. */
  release(claimed: ClaimedMail, now: number): Promise<boolean>;
  /** A message refused for good or out of retries: failed, with the reason kept, until requeued. */
  fail(claimed: ClaimedMail, reason: string): Promise<boolean>;
  /** The counts, and the age of the backlog. */
  status(): Promise<MailQueueStatus>;
  /**
   * The messages not yet sent (pending or failed) to exactly this address, oldest first.
   * The queue holds few rows (a sent message is removed), so it may be read in full.
   */
  listTo(address: string): Promise<QueuedMailRecord[]>;
  /** Puts every failed message back as newly queued at `now` (a new day of retries); resolves how many. */
  requeueFailed(now: number): Promise<number>;
}
