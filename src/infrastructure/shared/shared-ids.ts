import type Koa from 'koa';
import type { Knex } from 'knex';
import type { AccountEventSubscriber } from '../../application/shared/account-event-subscriber.js';
import type { AuthThrottle } from '../../application/shared/auth-throttle.js';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';
import type { CurrentPasswordCheck } from '../../application/shared/current-password-check.js';
import type { PasswordlessAccounts } from '../../application/shared/ports/passwordless-accounts.js';
import type { AttemptCounter } from '../../application/shared/ports/attempt-counter.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import type { CommonPasswords } from '../../application/shared/ports/common-passwords.js';
import type { BreachedPasswords } from '../../application/shared/ports/breached-passwords.js';
import type { Logger } from '../../application/shared/ports/logger.js';
import type { PasswordHasher } from '../../application/shared/ports/password-hasher.js';
import type { PersonalDataSection } from '../../application/shared/ports/personal-data.js';
import type { ReadinessCheck } from '../../application/shared/ports/readiness-check.js';
import type { SecurityEvents } from '../../application/shared/ports/security-events.js';
import type { SessionStorage } from '../../application/shared/ports/session-storage.js';
import type { Transactions } from '../../application/shared/ports/transactions.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import type { PasswordLimits } from '../../domain/shared/password-policy.js';
import type { SessionStore } from '../../web/shared/koa-session-store.js';
import type { Translations } from '../../application/shared/ports/translations.js';
import type { WebFeature } from '../../web/shared/web-feature.js';
import type { PurgeTarget } from '../persistence/purge-schedule.js';
import { serviceId as id } from './binding.js';
import type { LazyRedis } from './lazy-redis.js';
import type { MemoryTransactionalStore, SqlTransactionalStore } from './transactional-stores.js';

/**
 * The service identifiers of the shared kernel: what the composition root gives every
 * feature (configuration, logger, clock), what two or more features use (users, the
 * hasher, the throttle, sessions, the unit of work, security events, the password
 * check and sudo), and where features plug in (transactional stores, purges, web parts).
 */
export const sharedIds = {
  logger: id<Logger>('Logger'),
  clock: id<Clock>('Clock'),
  /** The clock sessions expire by: the machine's, which a test may set apart from `clock`. */
  sessionClock: id<Clock>('SessionClock'),
  database: id<Knex>('Database'),
  redis: id<LazyRedis>('Redis'),
  users: id<UserRepository>('UserRepository'),
  hasher: id<PasswordHasher>('PasswordHasher'),
  /** How long a password the hasher of new hashes takes (PASSWORD_HASHER). */
  passwordLimits: id<PasswordLimits>('PasswordLimits'),
  /** Every locale's catalogs, read once at start: the pages' and the mails' words. */
  translations: id<Translations>('Translations'),
  commonPasswords: id<CommonPasswords>('CommonPasswords'),
  breachedPasswords: id<BreachedPasswords>('BreachedPasswords'),
  /** The host of APP_URL, whose words a new password must not contain. */
  deploymentHost: id<string>('DeploymentHost'),
  attemptCounter: id<AttemptCounter>('AttemptCounter'),
  throttle: id<AuthThrottle>('AuthThrottle'),
  sessionStorage: id<SessionStorage>('SessionStorage'),
  transactions: id<Transactions>('Transactions'),
  /** Each feature's stores on a transaction (multiple bindings, one or more per feature). */
  sqlTransactionalStores: id<SqlTransactionalStore>('SqlTransactionalStores'),
  memoryTransactionalStores: id<MemoryTransactionalStore>('MemoryTransactionalStores'),
  /** Each feature's part in the account events, in the order the features are loaded (multiple bindings). */
  accountEventSubscribers: id<AccountEventSubscriber>('AccountEventSubscribers'),
  /** Each feature's part of "Download my data", in the order the features are loaded (multiple bindings). */
  personalDataSections: id<PersonalDataSection>('PersonalDataSections'),
  /** What /readyz asks (multiple bindings). */
  readinessChecks: id<ReadinessCheck>('ReadinessChecks'),
  /** Where security events go: bound by the audit feature. */
  securityEvents: id<SecurityEvents>('SecurityEvents'),
  currentPasswordCheck: id<CurrentPasswordCheck>('CurrentPasswordCheck'),
  /** Which accounts have no password of their own (multiple bindings; none: every account has one). */
  passwordlessAccounts: id<PasswordlessAccounts>('PasswordlessAccounts'),
  confirmSudo: id<ConfirmSudo>('ConfirmSudo'),
  /** Stores whose expired records a serving process deletes in the background (multiple bindings). */
  purgeTargets: id<PurgeTarget>('PurgeTargets'),
  /** Each feature's part of the web app, in the order the features are loaded (multiple bindings). */
  webFeatures: id<WebFeature>('WebFeatures'),
  sessionStore: id<SessionStore>('SessionStore'),
  app: id<Koa>('App'),
};
