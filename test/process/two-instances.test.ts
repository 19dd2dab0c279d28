import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { type AppProcess, startApp } from '../support/app-process.js';
import { CookieClient, getWithCookie } from '../support/cookie-client.js';
import { TEST_REDIS_URL, uniqueRedisPrefix, useTestRedis } from '../support/redis.js';
import { requireServer } from '../support/servers.js';
import { CHROME, FIREFOX, handleOf, shownSessions } from '../support/devices/sessions-page.js';
import { MYSQL, SQL_SERVERS, type TestDatabase, type TestSqlServer } from '../support/sql-servers.js';
import { showsLoggedIn } from '../support/test-app.js';

const ADA = { email: 'ada@example.com', password: 'analytical engine' };
const GRACE = { email: 'grace@example.com', password: 'cobol compiler' };

async function stop(app: AppProcess | undefined): Promise<void> {
  if (app && app.child.exitCode === null) {
    app.child.kill('SIGTERM');
    await app.exited;
  }
}

/**
 * Two separate app processes on two ports share one database on `server` (and Redis):
 * a session begun on one is honoured on the other, a logout on either ends it on both,
 * and the sessions page of either lists and ends the sessions begun on both. `env`
 * adds the session store settings of the variant.
 */
function sharesSessionsAcrossInstances(
  server: TestSqlServer,
  extraEnv: () => Record<string, string>,
  whileLoggedIn: () => Promise<void> = async () => {},
): void {
  let database: TestDatabase | undefined;
  let first: AppProcess & { port: number };
  let second: AppProcess & { port: number };

  before(async function () {
    await requireServer(this, server.name, server.answers);
    database = await server.createDatabase();
    const env = {
      DATABASE_URL: database.url,
      SESSION_KEYS: randomBytes(32).toString('base64url'),
      ...extraEnv(),
    };
    [first, second] = await Promise.all([startApp(env), startApp(env)]);
  });
  after(async () => {
    await Promise.all([stop(first), stop(second)]);
    await database?.drop();
  });

  it('honours a session from the first on the second, and a logout on the second ends it on both', async () => {
    const [one, two] = [`http://127.0.0.1:${first.port}`, `http://127.0.0.1:${second.port}`];
    const browser = new CookieClient();
    expect((await browser.postForm(one, '/signup', ADA)).location).to.equal('/users/profile');
    await browser.get(one, '/logout');
    expect((await browser.postForm(one, '/login', ADA)).location).to.equal('/');
    expect((await browser.get(one, '/users/profile')).status).to.equal(200);
    const captured = browser.cookieHeader();
    await whileLoggedIn();

    const profile = await browser.get(two, '/users/profile');
    expect(profile.status).to.equal(200);
    expect(profile.text).to.include(ADA.email);

    const logout = await browser.get(two, '/logout');
    expect(logout.location).to.equal('/login');

    const gated = await getWithCookie(one, '/users/profile', captured);
    expect(gated.status).to.equal(302);
    expect(gated.location).to.equal('/login');
    expect(showsLoggedIn((await getWithCookie(one, '/', captured)).text)).to.equal(false);
    expect(showsLoggedIn((await getWithCookie(two, '/', captured)).text)).to.equal(false);
  });

  it('lists on the second a session begun on the first; a revoke, and logging out the others, through the second end them on the first', async () => {
    const [one, two] = [`http://127.0.0.1:${first.port}`, `http://127.0.0.1:${second.port}`];
    const laptop = new CookieClient({ 'user-agent': FIREFOX.userAgent });
    const phone = new CookieClient({ 'user-agent': CHROME.userAgent });
    expect((await laptop.postForm(one, '/signup', GRACE)).location).to.equal('/users/profile');
    expect((await phone.postForm(two, '/login', GRACE)).location).to.equal('/');

    const page = await phone.get(two, '/account/sessions');
    expect(shownSessions(page.text).map((s) => [s.device, s.current])).to.have.deep.members([
      [FIREFOX.name, false],
      [CHROME.name, true],
    ]);

    const revoke = await phone.postForm(two, '/account/sessions/revoke', {
      session: handleOf(page.text, FIREFOX.name),
      sudoPassword: GRACE.password,
    });
    expect(revoke.location).to.equal('/account/sessions');

    expect((await laptop.get(one, '/users/profile')).location).to.equal('/login');
    expect((await phone.get(one, '/users/profile')).status).to.equal(200);
    expect(shownSessions((await phone.get(one, '/account/sessions')).text).map((s) => s.device)).to.deep.equal([CHROME.name]);

    const tablet = new CookieClient();
    expect((await tablet.postForm(one, '/login', GRACE)).location).to.equal('/');
    expect((await phone.postForm(two, '/account/sessions/revoke-others', { sudoPassword: GRACE.password })).location).to.equal('/account/sessions');
    expect((await tablet.get(one, '/users/profile')).location).to.equal('/login');
    expect((await phone.get(one, '/users/profile')).status).to.equal(200);
  });
}

describe('two app processes behind one database', () => {
  for (const server of SQL_SERVERS) {
    describe(`with sessions in the ${server.name} sessions table`, () => {
      sharesSessionsAcrossInstances(server, () => ({}));
    });
  }

  // Redis holds the sessions whatever the database: one database server is enough.
  describe('with sessions in Redis', () => {
    const prefix = uniqueRedisPrefix();
    const redis = useTestRedis(prefix);

    // The logged-in session is a key under the run's own prefix, and only it.
    sharesSessionsAcrossInstances(
      MYSQL,
      () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix }),
      async () => {
        const keys = await redis().keys(`${prefix}sess:*`);
        expect(keys).to.have.length(1);
      },
    );
  });
});
