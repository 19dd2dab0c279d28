import type { AuditEvents } from '../../audit/ports/audit-events.js';
import type { MailOutbox } from '../../mail/ports/mail-outbox.js';
import type { OneTimeTokens } from '../../links/ports/one-time-tokens.js';
import type { Passkeys } from '../../passkeys/ports/passkeys.js';
import type { RecoveryCodes } from '../../two-factor/ports/recovery-codes.js';
import type { TotpCredentials } from '../../two-factor/ports/totp-credentials.js';
import type { UserRepository } from './user-repository.js';

/** The stores a change of an account writes, all on one transaction. */
export interface AccountStores {
  readonly users: UserRepository;
  readonly tokens: OneTimeTokens;
  readonly outbox: MailOutbox;
  /** The account's security events, deleted with the account. */
  readonly audit: AuditEvents;
  /** The account's passkeys, deleted with the account. */
  readonly passkeys: Passkeys;
  /** The account's authenticator secret, deleted with the account. */
  readonly totp: TotpCredentials;
  /** The account's recovery codes, deleted with the account. */
  readonly recoveryCodes: RecoveryCodes;
}

/**
 * Runs work on one database transaction: everything it wrote is kept when it resolves,
 * and nothing when it rejects (the rejection is passed on). Keep the work short and
 * free of slow calls (no hashing inside): it holds the database's write lock.
 */
export interface Transactions {
  run<T>(work: (stores: AccountStores) => Promise<T>): Promise<T>;
}
