import type { BreachedPasswords } from '../../src/application/shared/ports/breached-passwords.js';
import type { AuthThrottle } from '../../src/application/shared/auth-throttle.js';
import type { LinkTokens } from '../../src/application/links/link-tokens.js';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import type { PasswordHasher } from '../../src/application/shared/ports/password-hasher.js';
import type { SecurityEvents } from '../../src/application/shared/ports/security-events.js';
import type { Transactions } from '../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../src/application/shared/ports/user-repository.js';
import type { SignUp } from '../../src/application/accounts/sign-up.js';
import type { InMemoryMailOutbox } from '../../src/infrastructure/mail/in-memory-mail-outbox.js';
import type { InMemoryOneTimeTokens } from '../../src/infrastructure/links/in-memory-one-time-tokens.js';
import type { InMemoryPasskeys } from '../../src/infrastructure/passkeys/in-memory-passkeys.js';
import type { InMemoryAuditEvents } from '../../src/infrastructure/audit/in-memory-audit-events.js';
import type { InMemoryRememberTokens } from '../../src/infrastructure/devices/in-memory-remember-tokens.js';
import type { InMemoryTransactions } from '../../src/infrastructure/shared/in-memory-transactions.js';
import { type MemoryStores, memoryTransactions, TEST_APP_URL, type TestContainer, testContainer } from './test-container.js';
import type { MemorySessionStorage } from '../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { accountsIds } from '../../src/infrastructure/accounts/accounts-ids.js';
import { auditIds } from '../../src/infrastructure/audit/audit-ids.js';
import { devicesIds } from '../../src/infrastructure/devices/devices-ids.js';
import { linksIds } from '../../src/infrastructure/links/links-ids.js';
import { mailIds } from '../../src/infrastructure/mail/mail-ids.js';
import { passkeysIds } from '../../src/infrastructure/passkeys/passkeys-ids.js';
import { sharedIds } from '../../src/infrastructure/shared/shared-ids.js';
import type { InMemoryUserRepository } from '../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { ManualClock } from './throttle.js';

/** The public origin of the links in tests' messages. */
export { TEST_APP_URL };

/**
 * Real link tokens (CSPRNG, SHA-256) with links on TEST_APP_URL, living as long as
 * PASSWORD_RESET_TTL_SECONDS and EMAIL_VERIFICATION_TTL_SECONDS say by default: the
 * test container's.
 */
export function testLinkTokens(): LinkTokens {
  return testContainer().get(linksIds.linkTokens);
}

/** The in-memory stores of the test container, and its unit of work over them (with every feature's account events). */
export interface InMemoryAccounts {
  readonly users: InMemoryUserRepository;
  readonly tokens: InMemoryOneTimeTokens;
  readonly outbox: InMemoryMailOutbox;
  /** The audit trail, which a deleted account's events leave with it. */
  readonly audit: InMemoryAuditEvents;
  /** Passkeys, which a deleted account's leave with it. */
  readonly passkeys: InMemoryPasskeys;
  /** Remembered devices, which a password reset forgets on its transaction. */
  readonly rememberTokens: InMemoryRememberTokens;
  /** The sessions, which the account events end once a transaction commits. */
  readonly sessions: MemorySessionStorage;
  readonly transactions: InMemoryTransactions<MemoryStores>;
  /** The clock of the container's use cases, which a test moves. */
  readonly clock: ManualClock;
  /** The container they come from, for the use cases a test does not build itself. */
  readonly container: TestContainer;
}

/** Fresh in-memory stores of the test container, on `users`, `passkeys` and `rememberTokens` when given. */
export function inMemoryAccounts(
  users?: InMemoryUserRepository,
  passkeys?: InMemoryPasskeys,
  rememberTokens?: InMemoryRememberTokens,
): InMemoryAccounts {
  const clock = new ManualClock();
  const container = testContainer({ clock });
  if (users) container.replace(sharedIds.users, users);
  if (passkeys) container.replace(passkeysIds.passkeys, passkeys);
  if (rememberTokens) container.replace(devicesIds.rememberTokens, rememberTokens);
  const { get } = container;
  return {
    users: get(sharedIds.users) as InMemoryUserRepository,
    tokens: get(linksIds.oneTimeTokens) as InMemoryOneTimeTokens,
    outbox: get(mailIds.outbox) as InMemoryMailOutbox,
    audit: get(auditIds.auditEvents) as InMemoryAuditEvents,
    passkeys: get(passkeysIds.passkeys) as InMemoryPasskeys,
    rememberTokens: get(devicesIds.rememberTokens) as InMemoryRememberTokens,
    sessions: get(sharedIds.sessionStorage) as MemorySessionStorage,
    transactions: memoryTransactions(container),
    clock,
    container,
  };
}

/**
 * The SignUp of a test container (the production module) on these stores, with a fake
 * hasher and the production limits unless told otherwise; its events go to `events` when given.
 */
export function testSignUp(
  users: UserRepository,
  transactions: Transactions,
  parts: { hasher?: PasswordHasher; throttle?: AuthThrottle; clock?: Clock; events?: SecurityEvents; breached?: BreachedPasswords } = {},
): SignUp {
  const container = testContainer({ ...(parts.clock && { clock: parts.clock }), ...(parts.hasher && { hasher: parts.hasher }) });
  container.replace(sharedIds.users, users);
  container.replace(sharedIds.transactions, transactions);
  if (parts.throttle) container.replace(sharedIds.throttle, parts.throttle);
  if (parts.events) container.replace(sharedIds.securityEvents, parts.events);
  if (parts.breached) container.replace(sharedIds.breachedPasswords, parts.breached);
  return container.get(accountsIds.signUp);
}
