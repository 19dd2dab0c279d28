import { join } from 'node:path';
import { Container, type ServiceIdentifier } from 'inversify';
import { Redis } from 'ioredis';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { AuthThrottle } from '../application/auth-throttle.js';
import { AuthorizeAdmin } from '../application/authorize-admin.js';
import { AuthorizeVerifiedEmail } from '../application/authorize-verified-email.js';
import { CheckLinkToken } from '../application/check-link-token.js';
import { CreatePasswordResetLink } from '../application/create-password-reset-link.js';
import { GetProfile } from '../application/get-profile.js';
import { LinkTokens } from '../application/link-tokens.js';
import { ListUsers } from '../application/list-users.js';
import { LogIn } from '../application/log-in.js';
import type { AttemptCounter } from '../application/ports/attempt-counter.js';
import type { CommonPasswords } from '../application/ports/common-passwords.js';
import type { Logger } from '../application/ports/logger.js';
import type { OneTimeTokens } from '../application/ports/one-time-tokens.js';
import type { PasswordHasher } from '../application/ports/password-hasher.js';
import type { ReadinessCheck } from '../application/ports/readiness-check.js';
import type { SessionStorage } from '../application/ports/session-storage.js';
import type { Transactions } from '../application/ports/transactions.js';
import type { UserRepository } from '../application/ports/user-repository.js';
import { RequestPasswordReset } from '../application/request-password-reset.js';
import { ResetPassword } from '../application/reset-password.js';
import { SendEmailVerification } from '../application/send-email-verification.js';
import { SetAdminFlag } from '../application/set-admin-flag.js';
import { SignUp } from '../application/sign-up.js';
import { VerifyEmail } from '../application/verify-email.js';
import { accountLinks } from '../web/account-links.js';
import { createApp } from '../web/app.js';
import { koaSessionStore } from '../web/koa-session-store.js';
import type { AppServices, SessionStore } from '../web/services.js';
import type { Config } from './config.js';
import { assembleGatehouse, type Gatehouse } from './gatehouse.js';
import { isOutage } from './outage.js';
import { databaseReadiness } from './persistence/database-readiness.js';
import { openDatabase } from './persistence/database.js';
import { KnexOneTimeTokens } from './persistence/knex-one-time-tokens.js';
import { KnexTransactions } from './persistence/knex-transactions.js';
import { KnexUserRepository } from './persistence/knex-user-repository.js';
import { projectRoot } from './project-root.js';
import { redisReadiness } from './redis-readiness.js';
import { Argon2idPasswordHasher } from './security/argon2id-password-hasher.js';
import { BcryptPasswordHasher, DEFAULT_BCRYPT_COST } from './security/bcrypt-password-hasher.js';
import { ConcurrencyLimit } from './security/concurrency-limit.js';
import { cryptoSecretTokens } from './security/crypto-secret-tokens.js';
import { hashConcurrency } from './security/hash-concurrency.js';
import { UpgradingPasswordHasher } from './security/upgrading-password-hasher.js';
import { ZxcvbnCommonPasswords } from './security/zxcvbn-common-passwords.js';
import { KnexSessionStorage } from './sessions/knex-session-storage.js';
import { RedisSessionStorage } from './sessions/redis-session-storage.js';
import { systemClock } from './system-clock.js';
import { KnexAttemptCounter } from './throttling/knex-attempt-counter.js';
import { RedisAttemptCounter } from './throttling/redis-attempt-counter.js';

/** The service identifiers; the only names by which anything is bound. */
export const ids = {
  gatehouse: Symbol.for('Gatehouse') as ServiceIdentifier<Gatehouse>,
  app: Symbol.for('App') as ServiceIdentifier<Koa>,
  services: Symbol.for('AppServices') as ServiceIdentifier<AppServices>,
  readinessChecks: Symbol.for('ReadinessChecks') as ServiceIdentifier<readonly ReadinessCheck[]>,
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
  transactions: Symbol.for('Transactions') as ServiceIdentifier<Transactions>,
  oneTimeTokens: Symbol.for('OneTimeTokens') as ServiceIdentifier<OneTimeTokens>,
  linkTokens: Symbol.for('LinkTokens') as ServiceIdentifier<LinkTokens>,
  requestPasswordReset: Symbol.for('RequestPasswordReset') as ServiceIdentifier<RequestPasswordReset>,
  resetPassword: Symbol.for('ResetPassword') as ServiceIdentifier<ResetPassword>,
  createPasswordResetLink: Symbol.for('CreatePasswordResetLink') as ServiceIdentifier<CreatePasswordResetLink>,
  checkLinkToken: Symbol.for('CheckLinkToken') as ServiceIdentifier<CheckLinkToken>,
  verifyEmail: Symbol.for('VerifyEmail') as ServiceIdentifier<VerifyEmail>,
  sendEmailVerification: Symbol.for('SendEmailVerification') as ServiceIdentifier<SendEmailVerification>,
  authorizeVerifiedEmail: Symbol.for('AuthorizeVerifiedEmail') as ServiceIdentifier<AuthorizeVerifiedEmail>,
};

/**
 * What `npm start` and `npm run cli` run, wired from one configuration; `logger`
 * receives the web app's lines and the background errors. Nothing opens until used.
 */
export function composeGatehouse(config: Config, logger: Logger): Gatehouse {
  return createContainer(config, logger).get(ids.gatehouse);
}

/**
 * The composition root: the one place that names concrete adapters. Use cases are
 * plain classes, bound with factories, so no decorator reaches the inner layers.
 * Singletons, resolved on first use.
 */
export function createContainer(config: Config, logger: Logger): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(ids.database).toResolvedValue(() => openDatabase(config.database));
  container.bind(ids.users).toResolvedValue((db: Knex) => new KnexUserRepository(db), [ids.database]);
  container.bind(ids.oneTimeTokens).toResolvedValue((db: Knex) => new KnexOneTimeTokens(db), [ids.database]);
  container.bind(ids.transactions).toResolvedValue((db: Knex) => new KnexTransactions(db), [ids.database]);
  container.bind(ids.hasher).toResolvedValue(() => passwordHasher(config));
  container.bind(ids.commonPasswords).toResolvedValue(() => new ZxcvbnCommonPasswords());
  const redis = bindStorage(container, config, logger);
  bindUseCases(container, config);
  bindLinkUseCases(container, config, logger);
  container
    .bind(ids.sessionStore)
    .toResolvedValue((storage: SessionStorage) => koaSessionStore(storage, config.sessionLifetime), [ids.sessionStorage]);
  container
    .bind(ids.app)
    .toResolvedValue(
      (services: AppServices, sessionStore: SessionStore, readinessChecks: readonly ReadinessCheck[]) =>
        createApp(services, {
          sessionKeys: config.session.keys,
          production: config.production,
          viewsDir: join(projectRoot(), 'views'),
          trustedOrigins: config.trustedOrigins,
          proxyHops: config.proxyHops,
          sessionStore,
          sessionMaxAgeMs: config.sessionLifetime.absoluteMs,
          // Secure, `__Host-` cookie: production runs behind TLS.
          secureCookies: config.sessionCookieSecure,
          logger,
          readinessChecks,
          isOutage,
        }),
      [ids.services, ids.sessionStore, ids.readinessChecks],
    );

  container.bind(ids.gatehouse).toResolvedValue(
    (db: Knex, setAdminFlag: SetAdminFlag, createPasswordResetLink: CreatePasswordResetLink) =>
      assembleGatehouse({
        db,
        setAdminFlag,
        createPasswordResetLink,
        app: () => container.get(ids.app),
        sessionStorage: () => container.get(ids.sessionStorage),
        oneTimeTokens: () => container.get(ids.oneTimeTokens),
        requestPasswordReset: () => container.get(ids.requestPasswordReset),
        redis: config.redisUrl ? { name: 'redis', close: () => redis.quitIfOpened() } : null,
        logger,
      }),
    [ids.database, ids.setAdminFlag, ids.createPasswordResetLink],
  );
  return container;
}

/**
 * Sessions and throttling state live in Redis when REDIS_URL is set, else in the app's
 * own database. Returns how to quit the Redis client, which exists only once used.
 */
function bindStorage(container: Container, config: Config, logger: Logger): { quitIfOpened(): Promise<void> } {
  const { redisUrl, redisKeyPrefix } = config;
  let opened: Redis | null = null;
  if (redisUrl) {
    container.bind(ids.redis).toResolvedValue(() => {
      // An outage fails a command after two reconnect attempts, and a silent server after
      // 2 s, so a page answers 503 quickly instead of waiting on Redis.
      opened = new Redis(redisUrl, { maxRetriesPerRequest: 2, commandTimeout: 2000 });
      // Without a listener ioredis prints each failed reconnect; log it instead, and stay up.
      opened.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));
      return opened;
    });
    container
      .bind(ids.attemptCounter)
      .toResolvedValue((redis: Redis) => new RedisAttemptCounter(redis, `${redisKeyPrefix}throttle:`), [ids.redis]);
    container
      .bind(ids.sessionStorage)
      .toResolvedValue((redis: Redis) => new RedisSessionStorage(redis, redisKeyPrefix), [ids.redis]);
    container
      .bind(ids.readinessChecks)
      .toResolvedValue((db: Knex, redis: Redis) => [databaseReadiness(db), redisReadiness(redis)], [ids.database, ids.redis]);
  } else {
    container.bind(ids.attemptCounter).toResolvedValue((db: Knex) => new KnexAttemptCounter(db), [ids.database]);
    container.bind(ids.sessionStorage).toResolvedValue((db: Knex) => new KnexSessionStorage(db), [ids.database]);
    container.bind(ids.readinessChecks).toResolvedValue((db: Knex) => [databaseReadiness(db)], [ids.database]);
  }
  return {
    async quitIfOpened() {
      await opened?.quit();
    },
  };
}

/** The use cases, each built with exactly the ports it uses, and the set the web app calls. */
function bindUseCases(container: Container, config: Config): void {
  container
    .bind(ids.throttle)
    .toResolvedValue(
      (counter: AttemptCounter) => new AuthThrottle(counter, systemClock, config.throttle),
      [ids.attemptCounter],
    );
  container
    .bind(ids.signUp)
    .toResolvedValue(
      (
        users: UserRepository,
        h: PasswordHasher,
        common: CommonPasswords,
        throttle: AuthThrottle,
        transactions: Transactions,
        linkTokens: LinkTokens,
      ) => new SignUp(users, h, common, throttle, transactions, linkTokens, systemClock),
      [ids.users, ids.hasher, ids.commonPasswords, ids.throttle, ids.transactions, ids.linkTokens],
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
  container
    .bind(ids.services)
    .toResolvedValue(
      (
        signUp: SignUp,
        logIn: LogIn,
        authorizeAdmin: AuthorizeAdmin,
        getProfile: GetProfile,
        listUsers: ListUsers,
        requestPasswordReset: RequestPasswordReset,
        resetPassword: ResetPassword,
        checkLinkToken: CheckLinkToken,
        verifyEmail: VerifyEmail,
        sendEmailVerification: SendEmailVerification,
        authorizeVerifiedEmail: AuthorizeVerifiedEmail,
      ): AppServices => ({
        signUp,
        logIn,
        authorizeAdmin,
        getProfile,
        listUsers,
        requestPasswordReset,
        resetPassword,
        checkLinkToken,
        verifyEmail,
        sendEmailVerification,
        authorizeVerifiedEmail,
      }),
      [
        ids.signUp,
        ids.logIn,
        ids.authorizeAdmin,
        ids.getProfile,
        ids.listUsers,
        ids.requestPasswordReset,
        ids.resetPassword,
        ids.checkLinkToken,
        ids.verifyEmail,
        ids.sendEmailVerification,
        ids.authorizeVerifiedEmail,
      ],
    );
}

/** The use cases of emailed links: password reset and email verification. */
function bindLinkUseCases(container: Container, config: Config, logger: Logger): void {
  const { accounts } = config;
  container.bind(ids.linkTokens).toResolvedValue(
    () =>
      new LinkTokens(cryptoSecretTokens, accountLinks(config.appUrl), {
        passwordResetMs: accounts.passwordResetTtlMs,
        emailVerificationMs: accounts.emailVerificationTtlMs,
      }),
  );
  container
    .bind(ids.requestPasswordReset)
    .toResolvedValue(
      (transactions: Transactions, linkTokens: LinkTokens, throttle: AuthThrottle) =>
        new RequestPasswordReset(transactions, linkTokens, systemClock, throttle, logger),
      [ids.transactions, ids.linkTokens, ids.throttle],
    );
  container
    .bind(ids.resetPassword)
    .toResolvedValue(
      (
        users: UserRepository,
        tokens: OneTimeTokens,
        transactions: Transactions,
        linkTokens: LinkTokens,
        hasher: PasswordHasher,
        common: CommonPasswords,
        sessions: SessionStorage,
      ) => new ResetPassword(users, tokens, transactions, linkTokens, hasher, common, sessions, systemClock),
      [
        ids.users,
        ids.oneTimeTokens,
        ids.transactions,
        ids.linkTokens,
        ids.hasher,
        ids.commonPasswords,
        ids.sessionStorage,
      ],
    );
  container
    .bind(ids.createPasswordResetLink)
    .toResolvedValue(
      (transactions: Transactions, linkTokens: LinkTokens) =>
        new CreatePasswordResetLink(transactions, linkTokens, systemClock),
      [ids.transactions, ids.linkTokens],
    );
  container
    .bind(ids.checkLinkToken)
    .toResolvedValue(
      (users: UserRepository, tokens: OneTimeTokens, linkTokens: LinkTokens) =>
        new CheckLinkToken(users, tokens, linkTokens, systemClock),
      [ids.users, ids.oneTimeTokens, ids.linkTokens],
    );
  container
    .bind(ids.verifyEmail)
    .toResolvedValue(
      (transactions: Transactions, linkTokens: LinkTokens) => new VerifyEmail(transactions, linkTokens, systemClock),
      [ids.transactions, ids.linkTokens],
    );
  container
    .bind(ids.sendEmailVerification)
    .toResolvedValue(
      (transactions: Transactions, linkTokens: LinkTokens, throttle: AuthThrottle) =>
        new SendEmailVerification(transactions, linkTokens, systemClock, throttle),
      [ids.transactions, ids.linkTokens, ids.throttle],
    );
  container
    .bind(ids.authorizeVerifiedEmail)
    .toResolvedValue(
      (users: UserRepository) => new AuthorizeVerifiedEmail(users, accounts.emailVerification),
      [ids.users],
    );
}

/**
 * New hashes with the configured algorithm; stored hashes of either algorithm verify,
 * and are replaced at the next login when of the other one. Both share one bound, as
 * they share libuv's pool. The dummy hash is started now, in the background.
 */
function passwordHasher(config: Config): PasswordHasher {
  const limit = new ConcurrencyLimit(hashConcurrency(config.threadPoolSize));
  const bcrypt = new BcryptPasswordHasher(DEFAULT_BCRYPT_COST, limit);
  const argon2id = new Argon2idPasswordHasher(config.passwordHasher.argon2id, limit);
  const [configured, other] = config.passwordHasher.algorithm === 'argon2id' ? [argon2id, bcrypt] : [bcrypt, argon2id];
  configured.prepare();
  return new UpgradingPasswordHasher(configured, [other]);
}
