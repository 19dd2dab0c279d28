import type { AuthThrottle } from '../../src/application/shared/auth-throttle.js';
import { ChangePassword } from '../../src/application/accounts/change-password.js';
import { ChangePhone } from '../../src/application/accounts/change-phone.js';
import { ConfirmEmailChange } from '../../src/application/links/confirm-email-change.js';
import { CurrentPasswordCheck } from '../../src/application/shared/current-password-check.js';
import { DeleteAccount } from '../../src/application/accounts/delete-account.js';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import type { CommonPasswords } from '../../src/application/shared/ports/common-passwords.js';
import type { PasswordHasher } from '../../src/application/shared/ports/password-hasher.js';
import type { OneTimeTokens } from '../../src/application/links/ports/one-time-tokens.js';
import type { Transactions } from '../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../src/application/shared/ports/user-repository.js';
import { PreviewEmailChange } from '../../src/application/links/preview-email-change.js';
import { RequestEmailChange } from '../../src/application/links/request-email-change.js';
import type { InMemoryMailOutbox } from '../../src/infrastructure/mail/in-memory-mail-outbox.js';
import type { InMemoryOneTimeTokens } from '../../src/infrastructure/links/in-memory-one-time-tokens.js';
import type { InMemoryAuditEvents } from '../../src/infrastructure/audit/in-memory-audit-events.js';
import { cryptoSecretTokens } from '../../src/infrastructure/shared/crypto-secret-tokens.js';
import { accountLinks } from '../../src/web/links/account-links.js';

/** The origin of the links in messages (APP_URL) in the test app. */
import { TEST_APP_URL } from './accounts.js';
import type { EndSessions } from '../../src/application/devices/end-sessions.js';
import type { SessionStorage } from '../../src/application/shared/ports/session-storage.js';

export { TEST_APP_URL };

/** How long a test app's email-change link works: a day, the default. */
export const TEST_EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** The in-memory stores a change of an account writes, on one transaction with the test app's users. */
export interface TestAccountStores {
  readonly transactions: Transactions;
  readonly tokens: InMemoryOneTimeTokens;
  /** What was queued for delivery: `outbox.queued`. */
  readonly outbox: InMemoryMailOutbox;
  /** The audit trail, on the same transactions. */
  readonly audit: InMemoryAuditEvents;
}

/** What the account settings of a test app are built on. */
export interface AccountSettingsParts {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly commonPasswords: CommonPasswords;
  readonly throttle: AuthThrottle;
  readonly sessions: SessionStorage;
  /** Ends sessions and remembered devices, on the test app's stores. */
  readonly endSessions: EndSessions;
  readonly clock: Clock;
  /** The clock the session store runs on (the sessions page lists what is live by it); the machine's unless given. */
  readonly sessionClock?: Clock;
  /** The test app's transactions and tokens, shared with its password reset and verification. */
  readonly transactions: Transactions;
  readonly tokens: OneTimeTokens;
}

/** The account settings' use cases on the test app's stores. */
export function testAccountSettings(parts: AccountSettingsParts) {
  const { hasher, clock, transactions, tokens } = parts;
  const check = new CurrentPasswordCheck(parts.users, hasher, parts.throttle);
  const links = accountLinks(TEST_APP_URL);
  return {
    changePassword: new ChangePassword(check, hasher, parts.commonPasswords, transactions, clock),
    requestEmailChange: new RequestEmailChange(
      check,
      parts.throttle,
      cryptoSecretTokens,
      links,
      transactions,
      clock,
      TEST_EMAIL_LINK_TTL_MS,
    ),
    previewEmailChange: new PreviewEmailChange(cryptoSecretTokens, tokens, clock),
    confirmEmailChange: new ConfirmEmailChange(cryptoSecretTokens, transactions, clock),
    changePhone: new ChangePhone(check, parts.users),
    deleteAccount: new DeleteAccount(check, transactions),
  };
}
