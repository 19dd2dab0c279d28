import type { UserId } from '../../../domain/shared/user.js';
import type { AdminActType, StoredEventType } from '../../shared/ports/security-events.js';
import { storeKey } from '../../shared/ports/transactions.js';

/** Longest client address stored: an IPv6 address with a zone fits. */
export const AUDIT_IP_MAX_LENGTH = 64;

/** Longest User-Agent stored, as the sessions keep it. */
export const AUDIT_USER_AGENT_MAX_LENGTH = 512;

/** Longest email kept of an act's target, as the users table holds it. */
export const AUDIT_TARGET_EMAIL_MAX_LENGTH = 254;

/** The longest provider name stored: a route name (providers-config.ts takes at most 32). */
export const AUDIT_PROVIDER_MAX_LENGTH = 32;

/**
 * An event of an account's activity, or an administrator's act on an account, to store.
 * Times are epoch milliseconds.
 */
export interface NewAuditEvent {
  /** The account the event is about (an act's target). */
  readonly userId: UserId;
  readonly type: StoredEventType;
  /** The administrator who acted on the account; null when its owner did, or the command line. */
  readonly actorId: UserId | null;
  /** At most AUDIT_IP_MAX_LENGTH characters; null when no request was involved (the command line). */
  readonly ip: string | null;
  /** At most AUDIT_USER_AGENT_MAX_LENGTH characters; null when no request was involved. */
  readonly userAgent: string | null;
  /** The id of the request's log lines, so an operator finds them from a row; null without a request. */
  readonly requestId: string | null;
  /**
   * An administrator's act (ADMIN_ACT_TYPES): the target's address when it was done,
   * at most AUDIT_TARGET_EMAIL_MAX_LENGTH characters; null on every other event (and on
   * acts stored before it was kept). Omitted: null.
   */
  readonly targetEmail?: string | null;
  /**
   * The sign-in provider an event was with (a login, a sign-up, a link), at most
   * AUDIT_PROVIDER_MAX_LENGTH characters; absent on every other event.
   */
  readonly provider?: string;
  readonly at: number;
}

/** A stored event, with the id that orders a user's events (a later event has a larger id). */
export interface AuditEvent extends NewAuditEvent {
  readonly id: number;
  readonly targetEmail: string | null;
}

/** Which of a user's events: the newest `limit` older than the event `before` (null: the newest). */
export interface AuditEventsPage {
  readonly before: number | null;
  readonly limit: number;
}

/** Which administrators' acts: each field set narrows the trail; none set is every act. */
export interface AdminTrailFilter {
  /** The acting administrator's id, or null for an operator's acts (the command line). */
  readonly actorId?: UserId | null;
  /** The target's address at the time of the act, lower-case, compared exactly. */
  readonly targetEmail?: string;
  readonly type?: AdminActType;
}

/** Which page of the administrators' acts: the newest `limit` older than the event `before` (null: the newest). */
export interface AdminTrailPage extends AuditEventsPage {
  readonly filter: AdminTrailFilter;
}

/** A batch of an export: the acts at or after `since`, oldest first, after the event `afterId` (null: from the first). */
export interface AdminTrailBatch {
  readonly since: number;
  readonly afterId: number | null;
  readonly limit: number;
}

/**
 * The audit trail: an account's security events and the administrators' acts, one
 * table, append-only (nothing updates a row). An account's activity goes when the
 * account is deleted; the acts on it (ADMIN_ACT_TYPES) stay, naming it by its address,
 * until they outlive the retention as every row does. Every adapter passes
 * test/contract/audit/audit-events.contract.ts.
 */
export interface AuditEvents {
  /** Stores an event under a new id, larger than every id before it. */
  append(event: NewAuditEvent): Promise<void>;
  /** The user's events, newest first (by id), by keyset: never another user's. */
  listOfUser(userId: UserId, page: AuditEventsPage): Promise<AuditEvent[]>;
  /** The administrators' acts (ADMIN_ACT_TYPES) the filter keeps, newest first (by id), by keyset. */
  listAdminActs(page: AdminTrailPage): Promise<AuditEvent[]>;
  /** The administrators' acts since a time, oldest first (by id), by keyset: an export's batch. */
  adminActsSince(batch: AdminTrailBatch): Promise<AuditEvent[]>;
  /**
   * Removes the user's activity (with the account, on its transaction), but not the
   * administrators' acts on the user, which the trail keeps; resolves how many went.
   */
  deleteActivityOfUser(userId: UserId): Promise<number>;
  /** Deletes the events that happened before `time`; resolves how many. */
  purgeBefore(time: number): Promise<number>;
}

/** The audit trail, on a transaction: an account's activity goes with the account. */
export const auditStore = storeKey<AuditEvents>('audit');
