import { Container, type ServiceIdentifier } from 'inversify';
import { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { AuthThrottle } from '../application/auth-throttle.js';
import { AuthorizeAdmin } from '../application/authorize-admin.js';
import { GetProfile } from '../application/get-profile.js';
import { ListUsers } from '../application/list-users.js';
import { LogIn } from '../application/log-in.js';
import type { AttemptCounter } from '../application/ports/attempt-counter.js';
import type { CommonPasswords } from '../application/ports/common-passwords.js';
import type { PasswordHasher } from '../application/ports/password-hasher.js';
import type { UserRepository } from '../application/ports/user-repository.js';
import { SetAdminFlag } from '../application/set-admin-flag.js';
import { SignUp } from '../application/sign-up.js';
import type { AppServices, SessionStore } from '../web/services.js';
import type { Config } from './config.js';
import { openDatabase } from './persistence/database.js';
import { KnexUserRepository } from './persistence/knex-user-repository.js';
import { BcryptPasswordHasher, DEFAULT_BCRYPT_COST } from './security/bcrypt-password-hasher.js';
import { hashConcurrency } from './security/hash-concurrency.js';
import { ZxcvbnCommonPasswords } from './security/zxcvbn-common-passwords.js';
import { systemClock } from './system-clock.js';
import { KnexAttemptCounter } from './throttling/knex-attempt-counter.js';
import { RedisAttemptCounter } from './throttling/redis-attempt-counter.js';
import { KnexSessionStorage } from './sessions/knex-session-storage.js';
import { koaSessionStore } from '../web/koa-session-store.js';
import { RedisSessionStorage } from './sessions/redis-session-storage.js';
import type { SessionStorage } from '../application/ports/session-storage.js';

/** The service identifiers; the only names by which anything is bound. */
export const ids = {
  config: Symbol.for('Config') as ServiceIdentifier<Config>,
  database: Symbol.for('Database') as ServiceIdentifier<Knex>,
  users: Symbol.for('UserRepository') as ServiceIdentifier<UserRepository>,
  hasher: Symbol.for('PasswordHasher') as ServiceIdentifier<PasswordHasher>,
  redis: Symbol.for('Redis') as ServiceIdentifier<Redis>,
  attemptCounter: Symbol.for('AttemptCounter') as ServiceIdentifier<AttemptCounter>,
  commonPasswords: Symbol.for('CommonPasswords') as ServiceIdentifier<CommonPasswords>,
  throttle: Symbol.for('AuthThrottle') as ServiceIdentifier<AuthThrottle>,
  signUp: Symbol.for('SignUp') as ServiceIdentifier<SignUp>,
  logIn: Symbol.for('LogIn') as ServiceIdentifier<LogIn>,
  authorizeAdmin: Symbol.for('AuthorizeAdmin') as ServiceIdentifier<AuthorizeAdmin>,
  getProfile: Symbol.for('GetProfile') as ServiceIdentifier<GetProfile>,
  listUsers: Symbol.for('ListUsers') as ServiceIdentifier<ListUsers>,
  setAdminFlag: Symbol.for('SetAdminFlag') as ServiceIdentifier<SetAdminFlag>,
  sessionStorage: Symbol.for('SessionStorage') as ServiceIdentifier<SessionStorage>,
  sessionStore: Symbol.for('SessionStore') as ServiceIdentifier<SessionStore>,
};

/**
 * The composition root: the one place that names concrete adapters. Use cases are
 * plain classes, bound with factories, so no decorator reaches the inner layers.
 */
export function createContainer(config: Config): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(ids.config).toConstantValue(config);
  container.bind(ids.database).toResolvedValue(() => openDatabase(config.database));
  container.bind(ids.users).toResolvedValue((db: Knex) => new KnexUserRepository(db), [ids.database]);
  container
    .bind(ids.hasher)
    .toResolvedValue(
      () => new BcryptPasswordHasher(DEFAULT_BCRYPT_COST, hashConcurrency(config.threadPoolSize)),
    );
  container.bind(ids.commonPasswords).toResolvedValue(() => new ZxcvbnCommonPasswords());
  // Throttling state lives where the sessions live: Redis when configured, else the database.
  const { redisUrl } = config;
  if (redisUrl) {
    // An outage fails a command after two reconnect attempts, and a silent server after
    // 2 s, so a page answers 503 quickly instead of waiting on Redis.
    container
      .bind(ids.redis)
      .toResolvedValue(() => new Redis(redisUrl, { maxRetriesPerRequest: 2, commandTimeout: 2000 }));
    container
      .bind(ids.attemptCounter)
      .toResolvedValue((redis: Redis) => new RedisAttemptCounter(redis, `${config.redisKeyPrefix}throttle:`), [ids.redis]);
  } else {
    container.bind(ids.attemptCounter).toResolvedValue((db: Knex) => new KnexAttemptCounter(db), [ids.database]);
  }
  container
    .bind(ids.throttle)
    .toResolvedValue(
      (counter: AttemptCounter) => new AuthThrottle(counter, systemClock, config.throttle),
      [ids.attemptCounter],
    );
  bindSessions(container, config);

  container
    .bind(ids.signUp)
    .toResolvedValue(
      (users: UserRepository, h: PasswordHasher, common: CommonPasswords, throttle: AuthThrottle) =>
        new SignUp(users, h, common, throttle),
      [ids.users, ids.hasher, ids.commonPasswords, ids.throttle],
    );
  container
    .bind(ids.logIn)
    .toResolvedValue(
      (users: UserRepository, h: PasswordHasher, throttle: AuthThrottle) => new LogIn(users, h, throttle),
      [ids.users, ids.hasher, ids.throttle],
    );
  container.bind(ids.authorizeAdmin).toResolvedValue((users: UserRepository) => new AuthorizeAdmin(users), [ids.users]);
  container.bind(ids.getProfile).toResolvedValue((users: UserRepository) => new GetProfile(users), [ids.users]);
  container.bind(ids.listUsers).toResolvedValue((users: UserRepository) => new ListUsers(users), [ids.users]);
  container.bind(ids.setAdminFlag).toResolvedValue((users: UserRepository) => new SetAdminFlag(users), [ids.users]);
  return container;
}

/** Sessions live in Redis when REDIS_URL is set, else in the app's own database. */
function bindSessions(container: Container, config: Config): void {
  const { redisUrl, redisKeyPrefix } = config;
  if (redisUrl) {
    // ids.redis is bound above, shared with the throttle.
    container
      .bind(ids.sessionStorage)
      .toResolvedValue((redis: Redis) => new RedisSessionStorage(redis, redisKeyPrefix), [ids.redis]);
  } else {
    container.bind(ids.sessionStorage).toResolvedValue((db: Knex) => new KnexSessionStorage(db), [ids.database]);
  }
  container
    .bind(ids.sessionStore)
    .toResolvedValue((storage: SessionStorage) => koaSessionStore(storage, config.sessionLifetime), [ids.sessionStorage]);
}

/** The use cases the web app needs, resolved once. */
export function appServices(container: Container): AppServices {
  return {
    signUp: container.get(ids.signUp),
    logIn: container.get(ids.logIn),
    authorizeAdmin: container.get(ids.authorizeAdmin),
    getProfile: container.get(ids.getProfile),
    listUsers: container.get(ids.listUsers),
  };
}
