import type { Email } from '../../../domain/shared/email.js';
import type { UserId } from '../../../domain/shared/user.js';

/** The security events an operator follows; one log line each, with `event` set. */
export type SecurityEventType =
  | 'login.succeeded'
  | 'login.failed'
  | 'signup.succeeded'
  | 'signup.refused'
  | 'logout'
  | 'admin.refused'
  | 'account.password-changed'
  | 'account.email-change-requested'
  | 'account.email-changed'
  | 'account.phone-changed'
  | 'account.deleted'
  | 'account.refused'
  | 'account.data-exported'
  | 'password-reset.requested'
  | 'password-reset.throttled'
  | 'password-reset.succeeded'
  | 'password-reset.refused'
  | 'email.verified'
  | 'email.unverified-refused'
  | 'session.revoked'
  | 'session.revoke-refused'
  | 'sessions.revoked-others'
  | 'login.remembered'
  | 'login.new-device'
  | 'remember.refused'
  | 'remember.theft-detected'
  | 'admin.granted'
  | 'admin.revoked'
  | 'admin.user-locked'
  | 'admin.user-unlocked'
  | 'admin.reset-sent'
  | 'admin.sessions-revoked'
  | 'admin.all-sessions-revoked'
  | 'admin.user-deleted'
  | 'admin.action-refused'
  | 'admin.two-factor-reset'
  | 'admin.two-factor-required'
  | 'two-factor.required'
  | 'admin.data-exported'
  | 'sudo.confirmed'
  | 'sudo.refused'
  | 'passkey.added'
  | 'passkey.removed'
  | 'passkey.refused'
  | 'two-factor.enabled'
  | 'two-factor.disabled'
  | 'two-factor.recovery-codes-regenerated'
  | 'two-factor.recovery-code-used'
  | 'two-factor.failed'
  | 'login-code.requested'
  | 'login-code.used'
  | 'login-code.refused'
  | 'provider.linked'
  | 'provider.unlinked'
  | 'provider.refused';

/**
 * The events an account's owner sees on its activity page, and the only ones kept in the
 * audit trail: what was done to or with the account. Refusals that no account owns
 * (a sign-up refused, a gate) and changes that end the account stay in the log.
 * Stored rows carry these names: removing one takes a migration that deletes its rows.
 */
export const ACTIVITY_TYPES = [
  'signup.succeeded',
  'login.succeeded',
  'login.failed',
  'logout',
  'account.password-changed',
  'password-reset.requested',
  'password-reset.succeeded',
  'account.email-change-requested',
  'account.email-changed',
  'account.phone-changed',
  'account.data-exported',
  'email.verified',
  'session.revoked',
  'sessions.revoked-others',
  'login.remembered',
  'remember.theft-detected',
  'admin.granted',
  'admin.revoked',
  'admin.user-locked',
  'admin.user-unlocked',
  'admin.reset-sent',
  'admin.sessions-revoked',
  'admin.two-factor-reset',
  'admin.data-exported',
  'passkey.added',
  'passkey.removed',
  'two-factor.enabled',
  'two-factor.disabled',
  'two-factor.recovery-codes-regenerated',
  'two-factor.recovery-code-used',
  'two-factor.failed',
  'provider.linked',
  'provider.unlinked',
  // A sign-in with a provider that reached a known account and was refused (its reason in the log line).
  'provider.refused',
] as const satisfies readonly SecurityEventType[];

/** One of ACTIVITY_TYPES. */
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

const ACTIVITY = new Set<SecurityEventType>(ACTIVITY_TYPES);

/**
 * The acts of an administrator or operator on an account: the administrators' audit
 * trail (`/admin/audit`). Each but the deletion is on its target's activity too; their
 * rows keep the target's email and outlive the target (docs/administration.md).
 */
export const ADMIN_ACT_TYPES = [
  'admin.granted',
  'admin.revoked',
  'admin.user-locked',
  'admin.user-unlocked',
  'admin.reset-sent',
  'admin.sessions-revoked',
  'admin.two-factor-reset',
  'admin.user-deleted',
  'admin.data-exported',
] as const satisfies readonly SecurityEventType[];

/** One of ADMIN_ACT_TYPES. */
export type AdminActType = (typeof ADMIN_ACT_TYPES)[number];

/** What the audit trail stores: an account's activity and the administrators' acts. */
export type StoredEventType = ActivityType | AdminActType;

const ADMIN_ACTS = new Set<SecurityEventType>(ADMIN_ACT_TYPES);

/** Whether an event of this type is an administrator's (or operator's) act on an account. */
export function isAdminActType(type: string): type is AdminActType {
  return ADMIN_ACTS.has(type as SecurityEventType);
}

/** Whether an event of this type belongs on its account's activity page. */
export function isActivityType(type: SecurityEventType): type is ActivityType {
  return ACTIVITY.has(type);
}

/**
 * How a login proved who it was: the password alone, the password and then an
 * authenticator code, a recovery code or a passkey, or a passkey alone (`passkey` too), or a
 * code sent by email (`email-code`).
 */
export type LoginMethod = 'password' | 'totp' | 'recovery-code' | 'passkey' | 'email-code' | 'provider';

/** Where a request came from, as an event records it. */
export interface RequestContext {
  /** The client's address as the app reads it (TRUST_PROXY decides which). */
  readonly ip: string;
  /** The User-Agent header, bounded in length; empty when none was sent. */
  readonly userAgent: string;
  /** The id the request's log lines carry. */
  readonly requestId?: string;
  /** The language the request is answered in (a locale code): a mail its visitor asks for themself is written in it when they saved none. */
  readonly locale?: string;
}

/** One security event. It never carries a password, a token or a link. */
export interface SecurityEvent {
  readonly type: SecurityEventType;
  /** The account the event is about. */
  readonly userId?: UserId;
  /** The administrator who acted on that account, when it was not its owner. */
  readonly actorId?: UserId;
  /**
   * An administrator's act: the target account's address when it was done, kept in the
   * administrators' audit trail so the target stays readable after it is deleted. Not
   * written to the log line, which names the account by id.
   */
  readonly targetEmail?: string;
  /** The address typed into a form: an `Email`, so text that is not one (a password typed there) cannot be logged. */
  readonly email?: Email;
  /** The use case's result kind, e.g. `email-taken`, or `throttled`. */
  readonly reason?: string;
  /** How a login proved who it was (its last step: a password alone, or the second factor after it). */
  readonly method?: LoginMethod;
  /** The sign-in provider it happened with (`google`, `github`, an OIDC_PROVIDERS name). */
  readonly provider?: string;
  /** The request it happened in; omitted for the command line. */
  readonly request?: RequestContext;
}

/**
 * Where security events go: every one to the log, and those of ACTIVITY_TYPES about an
 * account to its audit trail as well.
 */
export interface SecurityEvents {
  /**
   * Writes the log line at once, then stores the event when it belongs to an account's
   * activity. Never rejects: the action it reports has happened, so a failed store is
   * logged as an error and the caller goes on.
   */
  record(event: SecurityEvent): Promise<void>;
  /** Resolves once every event recorded before the call is stored, or its failure logged. */
  settled(): Promise<void>;
}
