import type { Knex } from 'knex';
import type { LoginCodeSecrets } from '../src/application/accounts/ports/login-codes.js';
import { Email } from '../src/domain/shared/email.js';
import { accountsIds } from '../src/infrastructure/accounts/accounts-ids.js';
import { keyedLoginCodes } from '../src/infrastructure/accounts/keyed-login-codes.js';
import { linksIds } from '../src/infrastructure/links/links-ids.js';
import { mailIds } from '../src/infrastructure/mail/mail-ids.js';
import { sharedIds } from '../src/infrastructure/shared/shared-ids.js';
import { systemClock } from '../src/infrastructure/shared/system-clock.js';
import { testConfig, testContainer } from '../test/support/test-container.js';
import { drive, type LoadResult } from './load.js';
import { formHeaders } from './session.js';

/** Scenario 14's figures. */
export type CodeLoginResult = LoadResult & {
  /** Answers that were a real login (302 to /). */
  readonly logins: number;
};

/** One login by code, ready to send: the session that asked for the code, and the code. */
export interface PreparedCodeLogin {
  readonly cookie: string;
  readonly code: string;
}

/** How long the server may take to write the codes it answered for, and to deliver the messages. */
const SERVER_WORK_MS = 120_000;

/**
 * Prepares one login by emailed code for each of `emails` (accounts that never logged
 * in, so no new-device alert follows), before the timed run. Each address asks the
 * server for a code (`POST /login/code/send`), as a browser does: the session that
 * remembers the address is the one that must type the code. Once the server has written
 * its code (after answering, so the harness waits for it in the account's tokens), a code
 * is issued to the account through the use case the server runs (RequestLoginCode, as the app wires it, on the
 * bench's database and with the server's newest session key, so the server finds its
 * hash); it supersedes the server's. The code is read as it is made: the bench's
 * container makes codes with the app's own LoginCodeSecrets, watched. Last, it waits
 * until the server has delivered every message this queued, so no mail is sent during
 * the timed run.
 */
export async function prepareCodeLogins(
  baseUrl: string,
  db: Knex,
  sessionKey: string,
  emails: readonly string[],
): Promise<PreparedCodeLogin[]> {
  const cookies: string[] = [];
  for (const email of emails) cookies.push(await askForCode(baseUrl, email));

  const built = testContainer({
    database: db,
    clock: systemClock,
    config: testConfig((config) => ({
      ...config,
      session: { keys: [sessionKey], generatedKeys: false },
      // The bench asks for every code from one address.
      throttle: { ...config.throttle, passwordResetsPerEmail: 0, passwordResetsPerAddress: 0 },
    })),
  });
  const users = built.get(sharedIds.users);
  const tokens = built.get(linksIds.oneTimeTokens);
  const ids: number[] = [];
  for (const email of emails) {
    const user = await users.findByEmail(Email.fromTrusted(email));
    if (!user) throw new Error(`no user ${email} to log in by code`);
    await until(`the server's login code for ${email}`, async () =>
      (await tokens.listOfUser(user.id)).some((token) => token.purpose === 'login-code'),
    );
    ids.push(user.id);
  }
  const mailStatus = built.get(mailIds.mailStatus);
  const delivered = () =>
    until('the delivery of the login codes\' mail', async () => {
      const { pending, failed } = await mailStatus.execute();
      if (failed > 0) throw new Error(`the server could not deliver ${failed} messages of the login codes`);
      return pending === 0;
    });
  // The server's deliveries write to the database too: on SQLite, fewer of the retries below.
  await delivered();
  const made: string[] = [];
  const keyed = keyedLoginCodes(sessionKey);
  const watched: LoginCodeSecrets = {
    create: () => {
      const code = keyed.create();
      made.push(code);
      return code;
    },
    hashOf: keyed.hashOf,
  };
  built.replace(accountsIds.loginCodeSecrets, watched);
  const requestLoginCode = built.get(accountsIds.requestLoginCode);
  const prepared: PreparedCodeLogin[] = [];
  for (const [i, email] of emails.entries()) {
    const userId = ids[i] ?? 0;
    // The code is written after the use case answers; a write that lost a race for the
    // database (SQLite's busy snapshot) is logged and dropped, so ask again until it is stored.
    for (let attempt = 1; ; attempt += 1) {
      const result = await requestLoginCode.execute({ email, request: { ip: '127.0.0.1', userAgent: 'gatehouse-bench' } });
      await requestLoginCode.idle();
      const code = made.at(-1);
      if (result.kind !== 'accepted') throw new Error(`no login code for ${email}: ${result.kind}`);
      if (code !== undefined && (await tokens.find('login-code', keyed.hashOf(userId, code), Date.now()))) {
        prepared.push({ cookie: cookies[i] ?? '', code });
        break;
      }
      if (attempt === 5) throw new Error(`no login code was stored for ${email} in ${attempt} tries`);
    }
  }
  await delivered();
  return prepared;
}

/** `POST /login/code/send` for `email`, as a browser; resolves the Cookie header of its session. */
async function askForCode(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/login/code/send`, {
    method: 'POST',
    headers: formHeaders(baseUrl),
    body: new URLSearchParams({ email }).toString(),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  if (response.status !== 302 || response.headers.get('location') !== '/login/code') {
    throw new Error(`asking for a login code for ${email}: ${response.status} to ${response.headers.get('location')}`);
  }
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ');
}

/** Resolves once `done` does, asking every 5 ms; throws after SERVER_WORK_MS. */
async function until(what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + SERVER_WORK_MS;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`${what}: not done after ${SERVER_WORK_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Scenario 14: `POST /login/code` with the right code, each prepared login once: the
 * request that checks a code and logs its account in on a new session. A fixed number of
 * requests, as many as there are prepared logins; the server's CPU is read from `pid`.
 */
export async function codeLogins(
  baseUrl: string,
  pid: number,
  logins: readonly PreparedCodeLogin[],
  connections: number,
): Promise<CodeLoginResult> {
  let loggedIn = 0;
  const result = await drive({
    url: `${baseUrl}/login/code`,
    pid,
    method: 'POST',
    connections,
    seconds: 0,
    amount: logins.length,
    headers: formHeaders(baseUrl),
    expectStatus: 302,
    body: (n) => new URLSearchParams({ code: logins[n]?.code ?? '' }).toString(),
    headersFor: (n) => ({ cookie: logins[n]?.cookie ?? '' }),
    onHeaders: (headers) => {
      if (headers.location === '/') loggedIn += 1;
    },
  });
  // A 302 back to /login/code is a refused code, not a login.
  const refused = Math.max(0, (result.statusCodes['302'] ?? 0) - loggedIn);
  return { ...result, logins: loggedIn, failures: result.failures + refused };
}
