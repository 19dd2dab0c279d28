import { AuthThrottle } from '../../application/shared/auth-throttle.js';
import { ConfirmSudo } from '../../application/shared/confirm-sudo.js';
import { CurrentPasswordCheck } from '../../application/shared/current-password-check.js';
import { userStore } from '../../application/shared/ports/transactions.js';
import { openDatabase } from '../persistence/database.js';
import { databaseReadiness } from '../persistence/database-readiness.js';
import { redisReadiness } from '../redis-readiness.js';
import { typedModule } from './binding.js';
import type { Feature } from './feature.js';
import { InMemoryTransactions } from './in-memory-transactions.js';
import { KnexTransactions } from './knex-transactions.js';
import { LazyRedis } from './lazy-redis.js';
import { passwordHasher } from './passwords/password-hasher.js';
import { passwordLimitsOf } from './passwords/password-limits.js';
import { localesDir } from './i18n/catalog-files.js';
import { loadTranslations } from './i18n/i18next-translations.js';
import { ZxcvbnCommonPasswords } from './passwords/zxcvbn-common-passwords.js';
import { breachedPasswords } from './passwords/hibp-breached-passwords.js';
import { KnexSessionStorage } from './sessions/knex-session-storage.js';
import { MemorySessionStorage } from './sessions/memory-session-storage.js';
import { RedisSessionStorage } from './sessions/redis-session-storage.js';
import { sharedIds as ids } from './shared-ids.js';
import { InMemoryAttemptCounter } from './throttling/in-memory-attempt-counter.js';
import { KnexAttemptCounter } from './throttling/knex-attempt-counter.js';
import { RedisAttemptCounter } from './throttling/redis-attempt-counter.js';
import { memoryStore, sqlStore } from './transactional-stores.js';
import { InMemoryUserRepository } from './users/in-memory-user-repository.js';
import { KnexUserRepository } from './users/knex-user-repository.js';

/**
 * The shared kernel: the users, the password hasher and the list of common passwords,
 * the throttle, the current-password check and sudo mode, the sessions, and the unit of
 * work every feature adds its stores to.
 */
export const shared: Feature = {
  name: 'shared',
  module: (config) =>
    typedModule((provide) => {
      provide(ids.hasher, () => passwordHasher(config));
      provide(ids.passwordLimits, () => passwordLimitsOf(config.passwordHasher.algorithm));
      provide(ids.translations, () => loadTranslations(localesDir(), config.defaultLocale));
      provide(ids.commonPasswords, () => new ZxcvbnCommonPasswords());
      provide(ids.breachedPasswords, (get) => breachedPasswords(config.breachedPasswords, get(ids.logger)));
      provide(ids.deploymentHost, () => new URL(config.appUrl).hostname);
      provide(ids.throttle, (get) => new AuthThrottle(get(ids.attemptCounter), get(ids.clock), config.throttle));
      provide(
        ids.currentPasswordCheck,
        (get) =>
          new CurrentPasswordCheck(get(ids.users), get(ids.hasher), get(ids.throttle), get(ids.passwordLimits), {
            accounts: get.all(ids.passwordlessAccounts),
            clock: get(ids.clock),
            windowMs: config.administration.sudoMs,
          }),
      );
      provide(
        ids.confirmSudo,
        (get) =>
          new ConfirmSudo(get(ids.currentPasswordCheck), get(ids.clock), config.administration.sudoMs, get(ids.securityEvents)),
      );
    }),
  storage: {
    // The app's own database, and what always lives there: users, and the transactions
    // that change an account together with its queued message. Sessions and throttle
    // counts live in Redis when REDIS_URL is set, else in the database too.
    sql: (config) =>
      typedModule((provide) => {
        provide(ids.database, () => openDatabase(config.database));
        provide(ids.users, (get) => new KnexUserRepository(get(ids.database)));
        provide(ids.sqlTransactionalStores, () => sqlStore(userStore, (trx) => new KnexUserRepository(trx)));
        provide(
          ids.transactions,
          (get) => new KnexTransactions(get(ids.database), get.all(ids.sqlTransactionalStores), get.all(ids.accountEventSubscribers)),
        );
        provide(ids.readinessChecks, (get) => databaseReadiness(get(ids.database)));
        const { redisUrl, redisKeyPrefix } = config;
        if (redisUrl) {
          provide(ids.redis, (get) => new LazyRedis(redisUrl, get(ids.logger)));
          provide(ids.attemptCounter, (get) => new RedisAttemptCounter(get(ids.redis).client(), `${redisKeyPrefix}throttle:`));
          provide(ids.sessionStorage, (get) => new RedisSessionStorage(get(ids.redis).client(), redisKeyPrefix));
          provide(ids.readinessChecks, (get) => redisReadiness(get(ids.redis).client()));
        } else {
          provide(ids.attemptCounter, (get) => new KnexAttemptCounter(get(ids.database)));
          provide(ids.sessionStorage, (get) => new KnexSessionStorage(get(ids.database)));
        }
        provide(ids.purgeTargets, (get) => ({ name: 'session', store: get(ids.sessionStorage) }));
      }),
    memory: () =>
      typedModule((provide) => {
        provide(ids.users, () => new InMemoryUserRepository());
        provide(ids.memoryTransactionalStores, (get) => memoryStore(userStore, get(ids.users)));
        provide(ids.transactions, (get) => {
          const stores = get.all(ids.memoryTransactionalStores);
          const byName = Object.fromEntries(stores.map(({ key, store }) => [key.name, store]));
          return new InMemoryTransactions(byName, get.all(ids.accountEventSubscribers));
        });
        provide(ids.attemptCounter, () => new InMemoryAttemptCounter());
        provide(ids.sessionStorage, () => new MemorySessionStorage());
      }),
  },
};
