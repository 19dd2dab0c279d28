import { join } from 'node:path';
import { Container, type ServiceIdentifier } from 'inversify';
import { Redis } from 'ioredis';
import type Koa from 'koa';
import type { Knex } from 'knex';
import { AuthThrottle } from '../application/auth-throttle.js';
import { AuthorizeAdmin } from '../application/authorize-admin.js';
import { ChangePassword } from '../application/change-password.js';
import { ChangePhone } from '../application/change-phone.js';
import { ConfirmEmailChange } from '../application/confirm-email-change.js';
import { CurrentPasswordCheck } from '../application/current-password-check.js';
import { DeleteAccount } from '../application/delete-account.js';
import { DeliverMail } from '../application/deliver-mail.js';
import { GetMailStatus } from '../application/get-mail-status.js';
import { GetProfile } from '../application/get-profile.js';
import { ListUsers } from '../application/list-users.js';
import { LogIn } from '../application/log-in.js';
import type { AttemptCounter } from '../application/ports/attempt-counter.js';
import type { CommonPasswords } from '../application/ports/common-passwords.js';
import type { OneTimeTokens } from '../application/ports/one-time-tokens.js';
import type { Logger } from '../application/ports/logger.js';
import type { MailComposer } from '../application/ports/mail-composer.js';
import type { MailQueue } from '../application/ports/mail-queue.js';
import type { Mailer } from '../application/ports/mailer.js';
import type { PasswordHasher } from '../application/ports/password-hasher.js';
import type { ReadinessCheck } from '../application/ports/readiness-check.js';
import type { SessionStorage } from '../application/ports/session-storage.js';
import type { Transactions } from '../application/ports/transactions.js';
import type { UserRepository } from '../application/ports/user-repository.js';
import { PreviewEmailChange } from '../application/preview-email-change.js';
import { RequestEmailChange } from '../application/request-email-change.js';
import { RetryFailedMail } from '../application/retry-failed-mail.js';
import { SetAdminFlag } from '../application/set-admin-flag.js';
import { SignUp } from '../application/sign-up.js';
import { accountLinks } from '../web/account-links.js';
import { createApp } from '../web/app.js';
import { koaSessionStore } from '../web/koa-session-store.js';
import type { AccountServices, AppServices, SessionStore } from '../web/services.js';
import type { Config } from './config.js';
import { assembleGatehouse, type Gatehouse } from './gatehouse.js';
import { BacklogWatch } from './mail/backlog-watch.js';
import { startDeliveryLoop } from './mail/delivery-loop.js';
import { FileMailer } from './mail/file-mailer.js';
import { KnexMailQueue } from './mail/knex-mail-queue.js';
import { PugMailComposer } from './mail/pug-mail-composer.js';
import { SmtpMailer } from './mail/smtp-mailer.js';
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
  currentPasswordCheck: Symbol.for('CurrentPasswordCheck') as ServiceIdentifier<CurrentPasswordCheck>,
  accountServices: Symbol.for('AccountServices') as ServiceIdentifier<AccountServices>,
  mailer: Symbol.for('Mailer') as ServiceIdentifier<Mailer>,
  mailComposer: Symbol.for('MailComposer') as ServiceIdentifier<MailComposer>,
  mailQueue: Symbol.for('MailQueue') as ServiceIdentifier<MailQueue>,
  deliverMail: Symbol.for('DeliverMail') as ServiceIdentifier<DeliverMail>,
  mailStatus: Symbol.for('GetMailStatus') as ServiceIdentifier<GetMailStatus>,
  retryFailedMail: Symbol.for('RetryFailedMail') as ServiceIdentifier<RetryFailedMail>,
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
  container.bind(ids.hasher).toResolvedValue(() => passwordHasher(config));
  container.bind(ids.commonPasswords).toResolvedValue(() => new ZxcvbnCommonPasswords());
  const redis = bindStorage(container, config, logger);
  bindUseCases(container, config);
  bindAccountSettings(container, config);
  bindMail(container, config, logger);
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
    (db: Knex, setAdminFlag: SetAdminFlag, mailStatus: GetMailStatus, retryFailedMail: RetryFailedMail) =>
      assembleGatehouse({
        db,
        setAdminFlag,
        mailStatus,
        retryFailedMail,
        app: () => container.get(ids.app),
        startMailDelivery: () =>
          startDeliveryLoop(
            container.get(ids.deliverMail),
            new BacklogWatch(mailStatus, systemClock, mailLogger(logger)),
            mailLogger(logger),
          ),
        sessionStorage: () => container.get(ids.sessionStorage),
        redis: config.redisUrl ? { name: 'redis', close: () => redis.quitIfOpened() } : null,
        logger,
      }),
    [ids.database, ids.setAdminFlag, ids.mailStatus, ids.retryFailedMail],
  );
  return container;
}

/**
 * The delivery of queued mail: the outbox table, the templates of views/mail/, and
 * SMTP or a folder of `.eml` files as SMTP_URL says. Nothing connects to SMTP until a
 * message is sent.
 */
function bindMail(container: Container, config: Config, logger: Logger): void {
  const { transport, from } = config.mail;
  container
    .bind(ids.mailer)
    .toResolvedValue(() =>
      transport.kind === 'smtp' ? new SmtpMailer({ url: transport.url, from }) : new FileMailer(transport.dir, from),
    );
  container.bind(ids.mailComposer).toResolvedValue(
    () =>
      new PugMailComposer({
        templatesDir: join(projectRoot(), 'views', 'mail'),
        appUrl: config.appUrl,
        cache: config.production,
      }),
  );
  container.bind(ids.mailQueue).toResolvedValue((db: Knex) => new KnexMailQueue(db), [ids.database]);
  container
    .bind(ids.deliverMail)
    .toResolvedValue(
      (queue: MailQueue, composer: MailComposer, mailer: Mailer) =>
        new DeliverMail(queue, composer, mailer, systemClock, mailLogger(logger)),
      [ids.mailQueue, ids.mailComposer, ids.mailer],
    );
  container.bind(ids.mailStatus).toResolvedValue((queue: MailQueue) => new GetMailStatus(queue, systemClock), [ids.mailQueue]);
  container
    .bind(ids.retryFailedMail)
    .toResolvedValue((queue: MailQueue) => new RetryFailedMail(queue, systemClock), [ids.mailQueue]);
}

/** The lines of mail delivery carry `component: "mail"`. */
function mailLogger(logger: Logger): Logger {
  return logger.child({ component: 'mail' });
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
  container
    .bind(ids.services)
    .toResolvedValue(
      (
        signUp: SignUp,
        logIn: LogIn,
        authorizeAdmin: AuthorizeAdmin,
        getProfile: GetProfile,
        listUsers: ListUsers,
        account: AccountServices,
      ) => ({ signUp, logIn, authorizeAdmin, getProfile, listUsers, account }),
      [ids.signUp, ids.logIn, ids.authorizeAdmin, ids.getProfile, ids.listUsers, ids.accountServices],
    );
}

/**
 * The account settings and the email-change link: their stores (one transaction for
 * a change and the message that reports it), and their use cases.
 */
function bindAccountSettings(container: Container, config: Config): void {
  container.bind(ids.transactions).toResolvedValue((db: Knex) => new KnexTransactions(db), [ids.database]);
  container.bind(ids.oneTimeTokens).toResolvedValue((db: Knex) => new KnexOneTimeTokens(db), [ids.database]);
  container
    .bind(ids.currentPasswordCheck)
    .toResolvedValue(
      (users: UserRepository, hasher: PasswordHasher, throttle: AuthThrottle) =>
        new CurrentPasswordCheck(users, hasher, throttle),
      [ids.users, ids.hasher, ids.throttle],
    );
  const links = accountLinks(config.appUrl);
  const ttlMs = config.accounts.emailVerificationTtlMs;
  container.bind(ids.accountServices).toResolvedValue(
    (
      check: CurrentPasswordCheck,
      users: UserRepository,
      hasher: PasswordHasher,
      common: CommonPasswords,
      transactions: Transactions,
      tokens: OneTimeTokens,
      sessions: SessionStorage,
    ): AccountServices => ({
      changePassword: new ChangePassword(check, hasher, common, transactions, sessions, systemClock),
      requestEmailChange: new RequestEmailChange(check, cryptoSecretTokens, links, transactions, systemClock, ttlMs),
      previewEmailChange: new PreviewEmailChange(cryptoSecretTokens, tokens, systemClock),
      confirmEmailChange: new ConfirmEmailChange(cryptoSecretTokens, transactions, systemClock),
      changePhone: new ChangePhone(check, users),
      deleteAccount: new DeleteAccount(check, transactions, sessions),
    }),
    [
      ids.currentPasswordCheck,
      ids.users,
      ids.hasher,
      ids.commonPasswords,
      ids.transactions,
      ids.oneTimeTokens,
      ids.sessionStorage,
    ],
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
