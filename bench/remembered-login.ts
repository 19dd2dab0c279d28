import type { Knex } from 'knex';
import { Email } from '../src/domain/shared/email.js';
import { devicesIds } from '../src/infrastructure/devices/devices-ids.js';
import { sharedIds } from '../src/infrastructure/shared/shared-ids.js';
import { cryptoSecretTokens } from '../src/infrastructure/shared/crypto-secret-tokens.js';
import { systemClock } from '../src/infrastructure/shared/system-clock.js';
import { rememberCookieValue } from '../src/web/shared/remember-me-cookie.js';
import { testConfig, testContainer } from '../test/support/test-container.js';
import { drive, type LoadResult } from './load.js';

/** The remember-me cookie the bench server (plain HTTP) reads. */
const REMEMBER_COOKIE = 'gatehouse.remember';

/** Scenario 12's figures. */
export type RememberedLoginResult = LoadResult & {
  /** Answers that set a rotated remember-me cookie: each a login through one. */
  readonly rotations: number;
  /** New-device alerts these logins queued: none, since the browser is a known device. */
  readonly newDeviceAlerts: number;
};

/** Tokens issued at once while preparing: enough to keep a server database busy, few enough for SQLite. */
const ISSUE_BATCH = 50;

/**
 * Remembers `count` devices of `email` through the use case a ticked login runs
 * (RememberDevice, as the app wires it, on the bench's database), before the timed run;
 * resolves their cookies, as the web writes them. Each works once in the scenario: the login rotates it.
 */
export async function prepareRememberedDevices(db: Knex, email: string, count: number): Promise<string[]> {
  const built = testContainer({
    database: db,
    clock: systemClock,
    config: testConfig((config) => ({ ...config, rememberMe: { lifetimeMs: 24 * 60 * 60 * 1000 } })),
  });
  const user = await built.get(sharedIds.users).findByEmail(Email.fromTrusted(email));
  if (!user) throw new Error(`no user ${email} to remember`);
  const rememberDevice = built.get(devicesIds.rememberDevice);
  const cookies: string[] = [];
  for (let issued = 0; issued < count; issued += ISSUE_BATCH) {
    const batch = Array.from({ length: Math.min(ISSUE_BATCH, count - issued) }, () =>
      rememberDevice.execute({
        userId: user.id,
        sessionHandle: cryptoSecretTokens.handle(),
        currentKey: null,
        userAgent: 'gatehouse-bench',
        clientAddress: '127.0.0.1',
      }),
    );
    for (const result of await Promise.all(batch)) cookies.push(rememberCookieValue(result.key));
  }
  return cookies;
}

/**
 * Scenario 12: `GET /users/profile` with no session and a valid remember-me cookie, a
 * fresh one per request (`cookies` in turn, each used once): the request that logs a
 * remembered device in on a new session, rotates its token and renders the page. A
 * fixed number of requests, as many as there are cookies; the server's CPU is read
 * from `pid`. Each request also sends `deviceCookie` (`name=value`, from a login of the
 * same account), as the browser that was remembered keeps its device cookie: the login
 * is then from a known device, as it is in use, and sends no new-device alert.
 */
export async function rememberedLogins(
  baseUrl: string,
  pid: number,
  cookies: readonly string[],
  connections: number,
  deviceCookie: string,
): Promise<RememberedLoginResult> {
  let rotations = 0;
  const result = await drive({
    url: `${baseUrl}/users/profile`,
    pid,
    connections,
    seconds: 0,
    amount: cookies.length,
    headersFor: (n) => ({ cookie: `${deviceCookie}; ${REMEMBER_COOKIE}=${cookies[n] ?? ''}` }),
    onHeaders: (headers) => {
      const set = ([] as string[]).concat(headers['set-cookie'] ?? []);
      if (set.some((line) => line.startsWith(`${REMEMBER_COOKIE}=`) && !line.startsWith(`${REMEMBER_COOKIE}=;`))) {
        rotations += 1;
      }
    },
  });
  // A 200 that set no rotated cookie was not a login through one (it cannot happen: the page is gated).
  const notRemembered = Math.max(0, (result.statusCodes['200'] ?? 0) - rotations);
  return { ...result, rotations, newDeviceAlerts: 0, failures: result.failures + notRemembered };
}

/** New-device alerts queued so far in the outbox of the server's database. */
export async function newDeviceAlerts(db: Knex): Promise<number> {
  const row = (await db('mail_outbox').where({ kind: 'new-device-login' }).count({ n: '*' }).first()) as { n: number | string };
  return Number(row.n);
}

/** The `name=value` pair of the cookie `name` in a Cookie header, for a scenario that sends it on. */
export function cookiePair(header: string, name: string): string {
  const pair = header.split('; ').find((part) => part.startsWith(`${name}=`));
  if (!pair) throw new Error(`no ${name} cookie in ${header}`);
  return pair;
}
