import type { Knex } from 'knex';
import type { OutgoingMail } from '../../src/application/mail/outgoing-mail.js';
import { accountsIds } from '../../src/infrastructure/accounts/accounts-ids.js';
import { auditIds } from '../../src/infrastructure/audit/audit-ids.js';
import { devicesIds } from '../../src/infrastructure/devices/devices-ids.js';
import { linksIds } from '../../src/infrastructure/links/links-ids.js';
import { sharedIds } from '../../src/infrastructure/shared/shared-ids.js';
import { twoFactorIds } from '../../src/infrastructure/two-factor/two-factor-ids.js';
import { type GatehouseApp, buildGatehouseApp } from './gatehouse-app.js';
import { requireServer } from './servers.js';
import { MYSQL, POSTGRES, type TestDatabase, type TestSqlServer } from './sql-servers.js';
import { buildTestApp, type TestApp } from './test-app.js';
import { TEST_APP_URL } from './test-container.js';
import { loadConfig } from '../../src/infrastructure/config.js';

/** Builds a fresh app for one test: no users, no sessions, no throttle counts. */
export type BuildApp = () => Promise<TestApp>;

/** The signing key of both backends, so a test can sign a cookie of its own. */
const SESSION_KEY = 'test-session-key';

/** The tables a test may have written to, emptied before the next one. */
const TABLES = [
  'users',
  'sessions',
  'attempt_counters',
  'one_time_tokens',
  'mail_outbox',
  'remember_tokens',
  'audit_events',
  'passkeys',
  'totp_credentials',
  'recovery_codes',
  'known_devices',
  'linked_identities',
  'passwordless_accounts',
];

/**
 * Runs `suite` once on each backend, in a describe of its own: on in-memory adapters
 * (`buildTestApp`: a fake hasher, in-memory users and sessions), and as `npm start`
 * builds the app with `DATABASE_URL=postgres://…` (the composition root, bcrypt, the
 * Knex adapters, on a database of its own). For the suites of the behaviour contract (docs/behaviour.md),
 * which must hold on every database.
 */
export function onEveryBackend(suite: (build: BuildApp) => void, options: BackendOptions = {}): void {
  describe('in memory', () => {
    suite(async () =>
      buildTestApp({
        ...(options.emailCodeLogin && { emailCodeLogin: true }),
        ...(options.env && { providers: loadConfig({ APP_URL: TEST_APP_URL, ...options.env() }).providers }),
      }),
    );
  });
  describe(`on ${POSTGRES.name}, as npm start builds it`, () => {
    suite(useServerApp(POSTGRES, options));
  });
}

/** What the apps of a suite turn on beyond the defaults. */
export interface BackendOptions {
  /** EMAIL_CODE_LOGIN=on. */
  readonly emailCodeLogin?: boolean;
  /**
   * More environment, read when the apps are built (after the suite's own `before`, so a
   * loopback server's port can be in it); in memory, only its sign-in providers are read.
   */
  readonly env?: () => Record<string, string>;
}

/**
 * `onEveryBackend`, and as `npm start` builds the app on SQLite and on MySQL too: for
 * the suites of a feature whose storage is new, which must hold on every database.
 */
export function onEveryDatabase(suite: (build: BuildApp) => void, options: BackendOptions = {}): void {
  onEveryBackend(suite, options);
  describe('on SQLite, as npm start builds it', () => {
    suite(useServerApp(null, options));
  });
  describe(`on ${MYSQL.name}, as npm start builds it`, () => {
    suite(useServerApp(MYSQL, options));
  });
}

/**
 * Gives the enclosing `describe` one app as `npm start` builds it, on a fresh database
 * on `server` (null: an SQLite database in memory); each build empties its tables (ids
 * start again at 1) and hands it out.
 */
function useServerApp(server: TestSqlServer | null, options: BackendOptions = {}): BuildApp {
  let database: TestDatabase | undefined;
  let built: GatehouseApp | undefined;
  before(async function () {
    if (server) await requireServer(this, server.name, server.answers);
    database = server ? await server.createDatabase() : undefined;
    built = await buildGatehouseApp({
      DATABASE_URL: database?.url ?? 'sqlite::memory:',
      SESSION_KEYS: SESSION_KEY,
      ...(options.emailCodeLogin && { EMAIL_CODE_LOGIN: 'on' }),
      ...options.env?.(),
    });
    // The tests read the queued messages from the outbox table, which delivery empties.
    await built.gatehouse.resources.find((resource) => resource.name === 'mail delivery')?.close();
  });
  after(async () => {
    await built?.close();
    await database?.drop();
  });
  return async () => {
    if (!built) throw new Error(`the ${server?.name ?? 'SQLite'} app is not built`);
    const { get, gatehouse, app } = built;
    const db: Knex = get(sharedIds.database);
    for (const table of TABLES) await db(table).truncate();
    return {
      app,
      users: get(sharedIds.users),
      hasher: get(sharedIds.hasher),
      get,
      setUserAdmin: gatehouse.administration.setUserAdmin,
      sessions: get(sharedIds.sessionStorage),
      rememberTokens: get(devicesIds.rememberTokens),
      createPasswordResetLink: gatehouse.createPasswordResetLink,
      get account(): never {
        throw new Error('this backend keeps its accounts in the database: read them there');
      },
      clock: { now: () => Date.now() },
      audit: get(auditIds.auditEvents),
      twoFactor: {
        totp: get(twoFactorIds.totpCredentials),
        recoveryCodes: get(twoFactorIds.recoveryCodes),
        box: get(twoFactorIds.secretBox),
      },
      async queuedMail() {
        await get(linksIds.requestPasswordReset).idle();
        await get(accountsIds.requestLoginCode).idle();
        const rows = await db('mail_outbox').orderBy('id').select<{ payload: string }[]>('payload');
        return rows.map((row) => JSON.parse(row.payload) as OutgoingMail);
      },
    };
  };
}
