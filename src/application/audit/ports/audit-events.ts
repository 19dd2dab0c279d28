import type { UserId } from '../../../domain/shared/user.js';
import type { ActivityType } from '../../shared/ports/security-events.js';

/** Longest client address stored: an IPv6 address with a zone fits. */
export const AUDIT_IP_MAX_LENGTH = 64;

/** Longest User-Agent stored, as the sessions keep it. */
export const AUDIT_USER_AGENT_MAX_LENGTH = 512;

/** An event of an account's activity, to store. Times are epoch milliseconds. */
export interface NewAuditEvent {
  readonly userId: UserId;
  readonly type: ActivityType;
  /** The administrator who acted on the account; null when its owner did, or the command line. */
  readonly actorId: UserId | null;
  /** At most AUDIT_IP_MAX_LENGTH characters; null when no request was involved (the command line). */
  readonly ip: string | null;
  /** At most AUDIT_USER_AGENT_MAX_LENGTH characters; null when no request was involved. */
  readonly userAgent: string | null;
  /** The id of the request's log lines, so an operator finds them from a row; null without a request. */
  readonly requestId: string | null;
  readonly at: number;
}

/** A stored event, with the id that orders a user's events (a later event has a larger id). */
export interface AuditEvent extends NewAuditEvent {
  readonly id: number;
}

/** Which of a user's events: the newest `limit` older than the event `before` (null: the newest). */
export interface AuditEventsPage {
  readonly before: number | null;
  readonly limit: number;
}

/**
 * The audit trail: an account's security events, append-only (nothing updates a row).
 * Rows go when their account is deleted or when they outlive the retention. Every
 * adapter passes test/contract/audit/audit-events.contract.ts.
 */
export interface AuditEvents {
  /** Stores an event under a new id, larger than every id before it. */
  append(event: NewAuditEvent): Promise<void>;
  /** The user's events, newest first (by id), by keyset: never another user's. */
  listOfUser(userId: UserId, page: AuditEventsPage): Promise<AuditEvent[]>;
  /** Removes every event of the user (with the account, on its transaction); resolves how many. */
  deleteAllOfUser(userId: UserId): Promise<number>;
  /** Deletes the events that happened before `time`; resolves how many. */
  purgeBefore(time: number): Promise<number>;
}
