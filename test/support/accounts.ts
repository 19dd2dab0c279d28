import type { AuthThrottle } from '../../src/application/shared/auth-throttle.js';
import { LinkTokens, type LinkLifetimes } from '../../src/application/links/link-tokens.js';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import type { PasswordHasher } from '../../src/application/shared/ports/password-hasher.js';
import type { Transactions } from '../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../src/application/shared/ports/user-repository.js';
import { SignUp } from '../../src/application/accounts/sign-up.js';
import { InMemoryMailOutbox } from '../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { InMemoryOneTimeTokens } from '../../src/infrastructure/links/in-memory-one-time-tokens.js';
import { InMemoryPasskeys } from '../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { InMemoryAuditEvents } from '../../src/infrastructure/audit/in-memory-audit-events.js';
import { InMemoryTotpCredentials } from '../../src/infrastructure/two-factor/in-memory-totp-credentials.js';
import { InMemoryRecoveryCodes } from '../../src/infrastructure/two-factor/in-memory-recovery-codes.js';
import { InMemoryTransactions } from '../../src/infrastructure/shared/in-memory-transactions.js';
import type { MemoryStores } from './test-container.js';
import { InMemoryUserRepository } from '../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { cryptoSecretTokens } from '../../src/infrastructure/shared/crypto-secret-tokens.js';
import { ZxcvbnCommonPasswords } from '../../src/infrastructure/shared/passwords/zxcvbn-common-passwords.js';
import { accountLinks } from '../../src/web/links/account-links.js';
import { FakePasswordHasher } from './fake-password-hasher.js';
import { ManualClock, testThrottle } from './throttle.js';

/** The public origin of the links in tests' messages. */
export const TEST_APP_URL = 'https://gatehouse.example.test';

/** The defaults of PASSWORD_RESET_TTL_SECONDS and EMAIL_VERIFICATION_TTL_SECONDS. */
export const TEST_LINK_LIFETIMES: LinkLifetimes = {
  passwordResetMs: 60 * 60 * 1000,
  emailVerificationMs: 24 * 60 * 60 * 1000,
};

/** Real link tokens (CSPRNG, SHA-256) with links on TEST_APP_URL. */
export function testLinkTokens(): LinkTokens {
  return new LinkTokens(cryptoSecretTokens, accountLinks(TEST_APP_URL), TEST_LINK_LIFETIMES);
}

/** The in-memory account stores, on `users` when given, and transactions over them. */
export interface InMemoryAccounts {
  readonly users: InMemoryUserRepository;
  readonly tokens: InMemoryOneTimeTokens;
  readonly outbox: InMemoryMailOutbox;
  /** The audit trail, which a deleted account's events leave with it. */
  readonly audit: InMemoryAuditEvents;
  /** Passkeys, which a deleted account's leave with it. */
  readonly passkeys: InMemoryPasskeys;
  readonly transactions: InMemoryTransactions<MemoryStores>;
}

/** Fresh in-memory account stores. */
export function inMemoryAccounts(
  users: InMemoryUserRepository = new InMemoryUserRepository(),
  passkeys: InMemoryPasskeys = new InMemoryPasskeys(),
): InMemoryAccounts {
  const tokens = new InMemoryOneTimeTokens();
  const outbox = new InMemoryMailOutbox();
  const audit = new InMemoryAuditEvents();
  const transactions = new InMemoryTransactions({
    users,
    tokens,
    outbox,
    audit,
    passkeys,
    totp: new InMemoryTotpCredentials(),
    recoveryCodes: new InMemoryRecoveryCodes(),
  });
  return { users, tokens, outbox, audit, passkeys, transactions };
}

/** A SignUp on these stores, with a fake hasher and the production limits unless told otherwise. */
export function testSignUp(
  users: UserRepository,
  transactions: Transactions,
  parts: { hasher?: PasswordHasher; throttle?: AuthThrottle; clock?: Clock } = {},
): SignUp {
  const clock = parts.clock ?? new ManualClock();
  return new SignUp(
    users,
    parts.hasher ?? new FakePasswordHasher(),
    new ZxcvbnCommonPasswords(),
    parts.throttle ?? testThrottle({}, clock),
    transactions,
    testLinkTokens(),
    clock,
  );
}
