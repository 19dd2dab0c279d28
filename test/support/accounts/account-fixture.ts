import { AuthThrottle, DEFAULT_THROTTLE_LIMITS } from '../../../src/application/shared/auth-throttle.js';
import { CurrentPasswordCheck } from '../../../src/application/shared/current-password-check.js';
import type { StoredToken, TokenPurpose } from '../../../src/application/links/ports/one-time-tokens.js';
import type { UserId } from '../../../src/domain/shared/user.js';
import { Email } from '../../../src/domain/shared/email.js';
import { InMemoryMailOutbox } from '../../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { InMemoryOneTimeTokens } from '../../../src/infrastructure/links/in-memory-one-time-tokens.js';
import { InMemoryAuditEvents } from '../../../src/infrastructure/audit/in-memory-audit-events.js';
import { InMemoryTotpCredentials } from '../../../src/infrastructure/two-factor/in-memory-totp-credentials.js';
import { InMemoryRecoveryCodes } from '../../../src/infrastructure/two-factor/in-memory-recovery-codes.js';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { InMemoryTransactions } from '../../../src/infrastructure/shared/in-memory-transactions.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { cryptoSecretTokens } from '../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { InMemoryRememberTokens } from '../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { EndSessions } from '../../../src/application/devices/end-sessions.js';
import { InMemoryAttemptCounter } from '../../../src/infrastructure/shared/throttling/in-memory-attempt-counter.js';
import { FakePasswordHasher } from '../fake-password-hasher.js';
import { CLIENT_ADDRESS, ManualClock } from '../throttle.js';

/** Ada's password in every account fixture. */
export const ADA_PASSWORD = 'analytical-engine';

/** Failed logins per email the fixture's throttle allows: few, so a test reaches the limit. */
export const FIXTURE_FAILURES_PER_EMAIL = 3;

/** Stores a test may swap for one that fails, to see a transaction roll back. */
export interface FixtureStores {
  readonly users?: InMemoryUserRepository;
  readonly tokens?: InMemoryOneTimeTokens;
  readonly outbox?: InMemoryMailOutbox;
}

/**
 * In-memory stores on one transaction, a fake hasher, a throttle on a manual clock,
 * session storage and remembered devices, and Ada (ada@example.com, phone +44 20 7946 0000) signed up with
 * two sessions: what the account use cases are built on in their tests.
 */
export async function accountFixture(stores: FixtureStores = {}) {
  const clock = new ManualClock();
  const users = stores.users ?? new InMemoryUserRepository();
  const tokens = stores.tokens ?? new InMemoryOneTimeTokens();
  const outbox = stores.outbox ?? new InMemoryMailOutbox();
  const audit = new InMemoryAuditEvents();
  const transactions = new InMemoryTransactions({
    users,
    tokens,
    outbox,
    audit,
    totp: new InMemoryTotpCredentials(),
    recoveryCodes: new InMemoryRecoveryCodes(),
    passkeys: new InMemoryPasskeys(),
  });
  const hasher = new FakePasswordHasher();
  const counter = new InMemoryAttemptCounter();
  const limits = { ...DEFAULT_THROTTLE_LIMITS, loginFailuresPerEmail: FIXTURE_FAILURES_PER_EMAIL };
  const throttle = new AuthThrottle(counter, clock, limits);
  const sessions = new MemorySessionStorage();
  const rememberTokens = new InMemoryRememberTokens();
  const endSessions = new EndSessions(sessions, rememberTokens);
  const check = new CurrentPasswordCheck(users, hasher, throttle);
  const ada = await addUser('ada@example.com', ADA_PASSWORD, '+44 20 7946 0000');

  async function addUser(email: string, password: string, phone: string | null = null) {
    const passwordHash = await hasher.hash(password);
    const user = await users.create({ email: Email.parse(email) as Email, passwordHash, phone });
    for (const n of [1, 2]) await logIn(user.id, `${user.id}-session-${n}`);
    return user;
  }

  /** Stores a live session of this user under `id`. */
  async function logIn(userId: UserId, id: string): Promise<void> {
    const now = clock.now();
    await sessions.insert(id, {
      data: { passport: { user: userId } },
      userId,
      expiresAt: now + 3_600_000,
      absoluteExpiresAt: now + 86_400_000,
      device: null,
    });
  }

  /** Stores a live token of this user, and resolves the secret its link carries. */
  async function issueToken(token: Omit<StoredToken, 'expiresAt'> & { expiresAt?: number }): Promise<string> {
    const secret = cryptoSecretTokens.create();
    await tokens.issue({ expiresAt: clock.now() + 3_600_000, ...token, tokenHash: secret.hash });
    return secret.token;
  }

  /** True when the token whose link carries `secret` is stored, unused and unexpired. */
  async function isLive(purpose: TokenPurpose, secret: string): Promise<boolean> {
    return (await tokens.find(purpose, cryptoSecretTokens.hashOf(secret), clock.now())) !== null;
  }

  /** How many live sessions the user has. */
  async function liveSessions(userId: UserId): Promise<number> {
    let count = 0;
    for (const n of [1, 2]) if (await sessions.find(`${userId}-session-${n}`, clock.now())) count += 1;
    return count;
  }

  return {
    clock,
    users,
    tokens,
    outbox,
    audit,
    transactions,
    hasher,
    counter,
    throttle,
    sessions,
    rememberTokens,
    endSessions,
    check,
    ada,
    addUser,
    issueToken,
    isLive,
    liveSessions,
    address: CLIENT_ADDRESS,
  };
}

/** An outbox whose every enqueue fails, as a database error inside the transaction would. */
export class FailingOutbox extends InMemoryMailOutbox {
  override async enqueue(): Promise<void> {
    throw new Error('outbox unavailable');
  }
}
