import type { Container } from 'inversify';
import type { Knex } from 'knex';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import type { Logger } from '../../src/application/shared/ports/logger.js';
import type { PasswordHasher } from '../../src/application/shared/ports/password-hasher.js';
import type { Transactions } from '../../src/application/shared/ports/transactions.js';
import { type Config, loadConfig } from '../../src/infrastructure/config.js';
import { createContainer, type StorageKind } from '../../src/infrastructure/container.js';
import { type Id, type Resolve, resolverOf } from '../../src/infrastructure/shared/binding.js';
import { sharedIds } from '../../src/infrastructure/shared/shared-ids.js';
import type { InMemoryKnownDevices } from '../../src/infrastructure/devices/in-memory-known-devices.js';
import type { InMemoryRememberTokens } from '../../src/infrastructure/devices/in-memory-remember-tokens.js';
import type { InMemoryAuditEvents } from '../../src/infrastructure/audit/in-memory-audit-events.js';
import type { InMemoryOneTimeTokens } from '../../src/infrastructure/links/in-memory-one-time-tokens.js';
import type { InMemoryMailOutbox } from '../../src/infrastructure/mail/in-memory-mail-outbox.js';
import type { InMemoryPasskeys } from '../../src/infrastructure/passkeys/in-memory-passkeys.js';
import type { InMemoryTransactions } from '../../src/infrastructure/shared/in-memory-transactions.js';
import type { InMemoryUserRepository } from '../../src/infrastructure/shared/users/in-memory-user-repository.js';
import type { InMemoryRecoveryCodes } from '../../src/infrastructure/two-factor/in-memory-recovery-codes.js';
import type { InMemoryTotpCredentials } from '../../src/infrastructure/two-factor/in-memory-totp-credentials.js';
import { silentLogger } from '../../src/web/shared/logger.js';
import { FakePasswordHasher } from './fake-password-hasher.js';
import { ManualClock } from './throttle.js';

/** A fixed data key for tests (never a real one). */
export const TEST_DATA_KEY = Buffer.alloc(32, 0x42);

/** The public origin of the links in tests' messages. */
export const TEST_APP_URL = 'https://gatehouse.example.test';

/** The configuration of a test app: the defaults, links on TEST_APP_URL, a fixed data key; then `changes`. */
export function testConfig(changes: (config: Config) => Config = (config) => config): Config {
  return changes(
    loadConfig({
      APP_URL: TEST_APP_URL,
      SESSION_KEYS: 'test-session-key',
      DATA_ENCRYPTION_KEY: TEST_DATA_KEY.toString('base64'),
      DATABASE_URL: 'sqlite::memory:',
      SMTP_URL: 'file:./data/test-outbox-unused',
    }),
  );
}

/** What a test container is built on, besides the configuration. */
export interface TestContainerParts {
  readonly config?: Config;
  /** The clock of the throttle, the tokens and the events; a ManualClock unless given. */
  readonly clock?: Clock;
  /** The clock the session store runs on; the machine's unless given. */
  readonly sessionClock?: Clock;
  /** A fake hasher unless given. */
  readonly hasher?: PasswordHasher;
  readonly logger?: Logger;
  /** In memory unless given a test's database (then every store is its Knex adapter on it). */
  readonly database?: Knex;
}

/** A composition root as production builds it, on in-memory stores, and the means to look in and swap parts. */
export interface TestContainer {
  readonly container: Container;
  readonly get: Resolve;
  readonly config: Config;
  readonly clock: Clock;
  /** Binds `id` to `value` instead, before anything that uses it is resolved. */
  replace<T>(id: Id<T>, value: T): void;
}

/**
 * Every feature's module, exactly as production loads them, with every store in memory
 * (`storage.memory`) or on a test's database, a fake hasher and a clock the test moves:
 * the one wiring the tests share with `npm start`, so no use case is built by hand a
 * second time.
 */
export function testContainer(parts: TestContainerParts = {}): TestContainer {
  const config = parts.config ?? testConfig();
  const clock = parts.clock ?? new ManualClock();
  const storage: StorageKind = parts.database ? 'sql' : 'memory';
  const container = createContainer(config, parts.logger ?? silentLogger, storage);
  const replace = <T>(id: Id<T>, value: T) => {
    container.unbind(id);
    container.bind(id).toConstantValue(value);
  };
  replace(sharedIds.clock, clock);
  if (parts.sessionClock) replace(sharedIds.sessionClock, parts.sessionClock);
  replace(sharedIds.hasher, parts.hasher ?? new FakePasswordHasher());
  if (parts.database) replace(sharedIds.database, parts.database);
  return { container, get: resolverOf(container), config, clock, replace };
}

/** The unit of work of every feature's stores on a test's database, as production composes it. */
export function sqlTransactions(db: Knex): Transactions {
  return testContainer({ database: db }).get(sharedIds.transactions);
}

/** Every feature's in-memory store, by the name a transaction's work reads it by. */
export type MemoryStores = {
  readonly users: InMemoryUserRepository;
  readonly tokens: InMemoryOneTimeTokens;
  readonly outbox: InMemoryMailOutbox;
  readonly audit: InMemoryAuditEvents;
  readonly totp: InMemoryTotpCredentials;
  readonly recoveryCodes: InMemoryRecoveryCodes;
  readonly passkeys: InMemoryPasskeys;
  readonly rememberTokens: InMemoryRememberTokens;
  readonly knownDevices: InMemoryKnownDevices;
};

/** The in-memory unit of work over every feature's stores (fresh ones), as the test container composes it. */
export function memoryTransactions(container: TestContainer = testContainer()): InMemoryTransactions<MemoryStores> {
  return container.get(sharedIds.transactions) as InMemoryTransactions<MemoryStores>;
}
