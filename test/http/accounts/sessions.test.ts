import { expect } from 'chai';
import { captureLog } from '../../support/captured-log.js';
import { Email } from '../../../src/domain/shared/email.js';
import type { UserId } from '../../../src/domain/shared/user.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { messages } from '../../support/english.js';
import { newSessionHandle, newSessionId } from '../../../src/web/shared/session-id.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import type { SessionChange, SessionRecord } from '../../../src/application/shared/ports/session-storage.js';
import { deferred } from '../../support/deferred.js';
import { setCookieHeader, setCookieValue, signedCookie } from '../../support/session-cookies.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser, buildTestApp, flashOf, showsLoggedIn, type TestApp } from '../../support/test-app.js';

const COOKIE = 'gatehouse.sid';
const KEY = 'test-session-key';
const ADA = { email: 'ada@example.com', password: 'analytical' };
const MINUTE = 60_000;

/** Counts the reads and writes that reach the storage. */
class CountingStorage extends MemorySessionStorage {
  readonly writes = { insert: 0, update: 0, touch: 0, destroy: 0 };
  reads = 0;
  readonly inserted: string[] = [];
  override async find(id: string, now: number) {
    this.reads += 1;
    return super.find(id, now);
  }
  override async insert(id: string, record: SessionRecord) {
    this.writes.insert += 1;
    this.inserted.push(id);
    return super.insert(id, record);
  }
  override async update(id: string, change: SessionChange, now: number) {
    this.writes.update += 1;
    return super.update(id, change, now);
  }
  override async touch(id: string, expiresAt: number, now: number, ip: string) {
    this.writes.touch += 1;
    return super.touch(id, expiresAt, now, ip);
  }
  override async destroy(id: string) {
    this.writes.destroy += 1;
    return super.destroy(id);
  }
}

/** The app with Ada signed up, through a client of its own. */
async function withAda(built: TestApp): Promise<TestApp> {
  await browser(built.app).post('/signup').type('form').send(ADA).expect(302);
  return built;
}

/** An in-memory app with Ada signed up. */
function appWithAda(parts: Parameters<typeof buildTestApp>[0] = {}): Promise<TestApp> {
  return withAda(buildTestApp(parts));
}

describe('sessions and cookies', () => {
  onEveryBackend((build) => {
    it('issues a new session id at login and ends the one from before on the server', async () => {
      const { app, sessions } = await withAda(await build());
      const client = browser(app);
      const earlier = await client.post('/login').type('form').send(ADA).expect(302);
      const before = setCookieValue(earlier, COOKIE);
      expect(before).to.be.a('string');

      const login = await client.post('/login').type('form').send(ADA).expect(302);

      const after = setCookieValue(login, COOKIE);
      expect(after).to.be.a('string').and.not.equal(before);
      expect(await sessions.find(before ?? '', Date.now())).to.equal(null);
      expect((await sessions.find(after ?? '', Date.now()))?.userId).to.equal(1);
    });

    it('issues a new session id at sign-up and ends the one from before on the server', async () => {
      const { app, sessions } = await withAda(await build());
      const client = browser(app);
      const earlier = await client.post('/login').type('form').send(ADA).expect(302);
      const before = setCookieValue(earlier, COOKIE);
      expect(before).to.be.a('string');

      const signUp = await client.post('/signup').type('form').send({ email: 'grace@example.com', password: 'cobol compiler' }).expect(302);

      const after = setCookieValue(signUp, COOKIE);
      expect(after).to.be.a('string').and.not.equal(before);
      expect(await sessions.find(before ?? '', Date.now())).to.equal(null);
      expect((await sessions.find(after ?? '', Date.now()))?.userId).to.equal(2);
    });

    it('keeps nothing from before login in the new session but the flash it sets', async () => {
      const { app, sessions } = await withAda(await build());
      const planted = newSessionId();
      const now = Date.now();
      await sessions.insert(planted, {
        data: { planted: 'by an attacker', flash: { messageFailure: 'Must be logged in' } },
        userId: null,
        expiresAt: now + MINUTE,
        absoluteExpiresAt: now + 60 * MINUTE,
        device: null,
      });

      const login = await browser(app)
        .post('/login')
        .set('Cookie', signedCookie(COOKIE, planted, KEY))
        .type('form')
        .send(ADA)
        .expect(302);

      const fresh = await sessions.find(setCookieValue(login, COOKIE) ?? '', Date.now());
      expect(fresh?.data).to.deep.equal({
        passport: { user: 1 },
        flash: { messageSuccess: 'Successfully logged in.' },
        handle: fresh?.data.handle,
      });
      expect(fresh?.data.handle).to.match(/^[0-9a-f]{32}$/);
    });

    it('destroys the session on the server at logout, so a replayed cookie is anonymous', async () => {
      const { app, sessions } = await withAda(await build());
      const client = browser(app);
      const login = await client.post('/login').type('form').send(ADA).expect(302);
      const captured = signedCookie(COOKIE, setCookieValue(login, COOKIE) ?? '', KEY);
      await client.get('/users/profile').expect(200);

      await client.get('/logout').expect(302);

      expect(await sessions.find(setCookieValue(login, COOKIE) ?? '', Date.now())).to.equal(null);
      const replay = await browser(app).get('/users/profile').set('Cookie', captured).expect(302);
      expect(replay.headers.location).to.equal('/login');
      const home = await browser(app).get('/').set('Cookie', captured).expect(200);
      expect(showsLoggedIn(home.text)).to.equal(false);
    });

    it('changes nothing on HEAD /logout: the session stays logged in, and its flash stays pending', async () => {
      const { app, sessions } = await withAda(await build());
      const client = browser(app);
      const login = await client.post('/login').type('form').send(ADA).expect(302);
      const id = setCookieValue(login, COOKIE) ?? '';

      const head = await client.head('/logout');

      expect(head.status).to.equal(200);
      expect(setCookieHeader(head, COOKIE)).to.equal(null);
      expect((await sessions.find(id, Date.now()))?.userId).to.equal(1);
      const home = await client.get('/').expect(200);
      expect(showsLoggedIn(home.text)).to.equal(true);
      expect(flashOf(home.text, 'messageSuccess')).to.equal(messages.loggedIn);
    });

    it('ignores a session id it did not generate and issues its own', async () => {
      const { app, sessions } = await withAda(await build());
      const forged = newSessionId();

      const login = await browser(app)
        .post('/login')
        .set('Cookie', signedCookie(COOKIE, forged, KEY))
        .type('form')
        .send(ADA)
        .expect(302);

      const issued = setCookieValue(login, COOKIE) ?? '';
      expect(issued).to.not.equal(forged);
      expect(await sessions.find(forged, Date.now())).to.equal(null);
      expect(await sessions.find(issued, Date.now())).to.not.equal(null);
    });

    it('makes ids of 256 random bits (43 base64url characters), a new one each time', async () => {
      const { app } = await withAda(await build());
      const ids = new Set<string>();
      for (let n = 0; n < 5; n += 1) {
        const login = await browser(app).post('/login').type('form').send(ADA);
        const id = setCookieValue(login, COOKIE) ?? '';
        expect(id).to.match(/^[A-Za-z0-9_-]{43}$/);
        ids.add(id);
      }
      expect(ids.size).to.equal(5);
    });

    it('sets the cookie HttpOnly, SameSite=Lax, Path=/ and without Domain', async () => {
      const { app } = await withAda(await build());
      const login = await browser(app).post('/login').type('form').send(ADA);
      const header = (setCookieHeader(login, COOKIE) ?? '').toLowerCase();
      expect(header).to.include('; httponly');
      expect(header).to.include('; samesite=lax');
      expect(header).to.include('; path=/');
      expect(header).to.not.include('domain=');
      expect(header).to.not.include('; secure');
    });

    describe('Cache-Control: no-store', () => {
      it('is sent on private pages', async () => {
        const { app } = await withAda(await build());
        const client = browser(app);
        await client.post('/login').type('form').send(ADA);
        const profile = await client.get('/users/profile').expect(200);
        expect(profile.headers['cache-control']).to.equal('no-store');
      });

      it('is sent on the login, sign-up, logout and gate redirects that change the session', async () => {
        const { app } = await withAda(await build());
        const client = browser(app);
        const responses = [
          await browser(app).post('/signup').type('form').send({ email: 'new@example.com', password: 'long enough' }),
          await client.post('/login').type('form').send({ ...ADA, password: 'wrong' }),
          await client.post('/login').type('form').send(ADA),
          await client.get('/logout'),
          await browser(app).get('/users/profile'),
        ];
        for (const response of responses) {
          expect(response.status).to.equal(302);
          expect(response.headers['cache-control']).to.equal('no-store');
        }
      });

      it('shows the flash of a redirect once, from a page that is not stored either', async () => {
        const { app } = await withAda(await build());
        const client = browser(app);
        await client.post('/login').type('form').send(ADA);
        const home = await client.get('/');
        expect(flashOf(home.text, 'messageSuccess')).to.equal('Successfully logged in.');
        expect(home.headers['cache-control']).to.equal('no-store');
      });
    });
  });

  it('keeps no session, in the store or in a cookie, for a visitor who never logged in', async () => {
    const storage = new CountingStorage();
    const { app } = await appWithAda({ sessions: { storage } });
    const before = { ...storage.writes };

    const failed = await browser(app).post('/login').type('form').send({ ...ADA, password: 'wrong' }).expect(302);
    const gated = await browser(app).get('/special').expect(302);
    const loggedOut = await browser(app).get('/logout').expect(302);

    expect(storage.writes).to.deep.equal(before);
    for (const response of [failed, gated, loggedOut]) expect(setCookieValue(response, COOKIE)).to.equal(null);
  });

  it('ends the session of an account removed while it lived, with "Must be logged in" on the login page', async () => {
    class VanishingUsers extends InMemoryUserRepository {
      gone = false;
      override async findById(id: UserId) {
        return this.gone ? null : super.findById(id);
      }
    }
    const users = new VanishingUsers();
    const { app, sessions } = await appWithAda({ users });
    const client = browser(app);
    const login = await client.post('/login').type('form').send(ADA).expect(302);
    users.gone = true;

    const profile = await client.get('/users/profile').expect(302);

    expect(profile.headers.location).to.equal('/login');
    expect(await sessions.find(setCookieValue(login, COOKIE) ?? '', Date.now())).to.equal(null);
    const page = await client.get('/login').expect(200);
    expect(showsLoggedIn(page.text)).to.equal(false);
    expect(flashOf(page.text, 'messageFailure')).to.equal(messages.mustBeLoggedIn);
  });

  it('treats a session whose stored user is not a user id as anonymous, and drops it from the session', async () => {
    const { app, sessions } = await appWithAda();
    const id = newSessionId();
    const now = Date.now();
    await sessions.insert(id, {
      data: { passport: { user: 'ada' } },
      userId: null,
      expiresAt: now + MINUTE,
      absoluteExpiresAt: now + 60 * MINUTE,
      device: null,
    });

    const gated = await browser(app).get('/users/profile').set('Cookie', signedCookie(COOKIE, id, KEY)).expect(302);

    expect(gated.headers.location).to.equal('/login');
    expect((await sessions.find(id, Date.now()))?.data).to.deep.equal({ passport: {} });
  });

  it('drops a visitor’s pending message at login: the new session shows only the login’s', async () => {
    const { app } = await appWithAda();
    const client = browser(app);
    await client.get('/special').expect(302);

    await client.post('/login').type('form').send(ADA).expect(302);

    const home = await client.get('/').expect(200);
    expect(flashOf(home.text, 'messageSuccess')).to.equal(messages.loggedIn);
    expect(flashOf(home.text, 'messageFailure')).to.equal(null);
  });

  it('does not let a request that began before logout bring the session back', async () => {
    // The admin check of a slow request waits until the test lets it go on.
    const held = deferred();
    const arrived = deferred();
    class SlowUsers extends InMemoryUserRepository {
      slow = false;
      override async findById(id: UserId) {
        if (this.slow) {
          arrived.resolve();
          await held.promise;
        }
        return super.findById(id);
      }
    }
    const users = new SlowUsers();
    const { app, sessions } = await appWithAda({ users });
    const client = browser(app);
    const login = await client.post('/login').type('form').send(ADA).expect(302);
    const id = setCookieValue(login, COOKIE) ?? '';
    const cookie = signedCookie(COOKIE, id, KEY);

    users.slow = true;
    // A non-administrator's /admin sets the "Admin only" flash: a session write at its end.
    const slow = browser(app).get('/admin').set('Cookie', cookie).then((response) => response);
    await arrived.promise;
    await browser(app).get('/logout').set('Cookie', cookie).expect(302);
    held.resolve();
    expect((await slow).headers.location).to.equal('/users/profile');

    expect(await sessions.find(id, Date.now())).to.equal(null);
    const replay = await browser(app).get('/users/profile').set('Cookie', cookie).expect(302);
    expect(replay.headers.location).to.equal('/login');
  });

  it('over TLS (production) names the cookie __Host-gatehouse.sid and marks it Secure', async () => {
    const { app } = buildTestApp({ options: { secureCookies: true } });
    // Behind a TLS-terminating proxy: app.proxy trusts its X-Forwarded-Proto.
    app.proxy = true;
    const signUp = await browser(app).post('/signup').set('X-Forwarded-Proto', 'https').type('form').send(ADA);
    expect(signUp.headers.location).to.equal('/users/profile');
    const header = (setCookieHeader(signUp, '__Host-gatehouse.sid') ?? '').toLowerCase();
    expect(header).to.include('; secure');
    expect(header).to.include('; httponly');
    expect(header).to.include('; path=/');
    expect(header).to.not.include('domain=');
    expect(setCookieHeader(signUp, COOKIE)).to.equal(null);
  });

  it('over plain HTTP with Secure cookies on, refuses a form post (426) with a page saying to use https, not a 500, and saves nothing', async () => {
    const log = captureLog();
    const { app, users } = buildTestApp({ options: { secureCookies: true, logger: log.logger } });
    const signUp = await browser(app).post('/signup').type('form').send(ADA);
    expect(signUp.status).to.equal(426);
    expect(signUp.headers.upgrade).to.equal('TLS/1.2, HTTP/1.1');
    // Upgrade's Connection option, and the connection closed: the client must come back over TLS.
    expect(signUp.headers.connection).to.equal('Upgrade, close');
    expect(signUp.text).to.include('Secure connection required');
    expect(signUp.text).to.include('https://');
    expect(signUp.headers['set-cookie']).to.equal(undefined);
    // Refused before the use case ran: no account that the visitor could not log in to.
    expect(await users.findByEmail(Email.fromTrusted(ADA.email))).to.equal(null);

    // Every page is refused alike: none can carry the session or a flash over plain HTTP.
    expect((await browser(app).get('/users/profile')).status).to.equal(426);
    expect((await browser(app).get('/')).status).to.equal(426);
    // The operator learns what to fix, as one warning a minute (the second refusal is at debug): nothing crashed.
    const refusals = log.lines().filter((line) => String(line.msg).includes('TRUST_PROXY'));
    expect(refusals.map((line) => line.level)).to.deep.equal(['warn', 'debug', 'debug']);
    expect(log.lines().some((line) => line.level === 'error')).to.equal(false);
  });

  describe('signing key rotation', () => {
    async function sessionSignedWith(keys: string[]) {
      const built = await appWithAda({ options: { sessionKeys: keys } });
      const login = await browser(built.app).post('/login').type('form').send(ADA);
      return { ...built, id: setCookieValue(login, COOKIE) ?? '' };
    }

    it('still accepts a cookie signed with an older key, and re-signs it with the newest', async () => {
      const { sessions, id } = await sessionSignedWith(['old-key']);
      // The same sessions after a rotation: a new key first, the old one kept to verify.
      const rotated = buildTestApp({ options: { sessionKeys: ['new-key', 'old-key'] }, sessions: { storage: sessions } });

      const home = await browser(rotated.app).get('/').set('Cookie', signedCookie(COOKIE, id, 'old-key'));

      expect(showsLoggedIn(home.text)).to.equal(true);
      const newSignature = signedCookie(COOKIE, id, 'new-key').split(`${COOKIE}.sig=`)[1];
      expect(setCookieValue(home, `${COOKIE}.sig`)).to.equal(newSignature);
    });

    it('refuses a cookie signed with a key no longer in the list', async () => {
      const { sessions, id } = await sessionSignedWith(['old-key']);
      const retired = buildTestApp({ options: { sessionKeys: ['new-key'] }, sessions: { storage: sessions } });
      const home = await browser(retired.app).get('/').set('Cookie', signedCookie(COOKIE, id, 'old-key'));
      expect(showsLoggedIn(home.text)).to.equal(false);
    });
  });

  describe('lifetimes, enforced on the server', () => {
    const lifetime = { idleMs: 10 * MINUTE, absoluteMs: 30 * MINUTE };

    async function loggedInAt(clock: { now: number }) {
      const built = await appWithAda({ sessions: { lifetime, clock: () => clock.now } });
      const client = browser(built.app);
      await client.post('/login').type('form').send(ADA).expect(302);
      return client;
    }

    it('ends a session left idle for longer than the idle timeout', async () => {
      const clock = { now: Date.now() };
      const client = await loggedInAt(clock);
      clock.now += 10 * MINUTE + 1;
      const gated = await client.get('/users/profile').expect(302);
      expect(gated.headers.location).to.equal('/login');
    });

    it('keeps a session alive while it is used within the idle timeout', async () => {
      const clock = { now: Date.now() };
      const client = await loggedInAt(clock);
      for (let n = 0; n < 3; n += 1) {
        clock.now += 9 * MINUTE;
        await client.get('/users/profile').expect(200);
      }
    });

    it('ends a session at its absolute lifetime however busy it is', async () => {
      const clock = { now: Date.now() };
      const client = await loggedInAt(clock);
      for (let n = 0; n < 5; n += 1) {
        clock.now += 5 * MINUTE;
        await client.get('/users/profile').expect(200);
      }
      clock.now += 5 * MINUTE + 1;
      expect((await client.get('/users/profile').expect(302)).headers.location).to.equal('/login');
    });
  });

  it('writes nothing to the store for requests that change nothing, and moves the expiry at most once a minute', async () => {
    const storage = new CountingStorage();
    const clock = { now: Date.now() };
    const { app } = await appWithAda({ sessions: { storage, clock: () => clock.now } });
    const client = browser(app);
    await client.post('/login').type('form').send(ADA);
    await client.get('/');
    const before = { ...storage.writes };

    for (let n = 0; n < 5; n += 1) await client.get('/users/profile').expect(200);
    expect(storage.writes).to.deep.equal(before);

    clock.now += 2 * MINUTE;
    for (let n = 0; n < 3; n += 1) await client.get('/users/profile').expect(200);
    expect(storage.writes).to.deep.equal({ ...before, touch: before.touch + 1 });
  });

  it('reads the store once per page view of a live session, and never for a request without the session cookie', async () => {
    const storage = new CountingStorage();
    const { app } = await appWithAda({ sessions: { storage } });
    const client = browser(app);
    await client.post('/login').type('form').send(ADA);
    await client.get('/');

    const before = storage.reads;
    for (const path of ['/', '/users/profile', '/account', '/no/such/page']) await client.get(path);
    expect(storage.reads).to.equal(before + 4);
    for (const path of ['/', '/login', '/users/profile', '/no/such/page']) await browser(app).get(path);
    expect(storage.reads).to.equal(before + 4);
  });

  it('writes nothing for a page view of a session stored before handles existed: the store’s handle is merged in', async () => {
    const storage = new CountingStorage();
    const { app } = await appWithAda({ sessions: { storage } });
    const id = newSessionId();
    const now = Date.now();
    const handle = newSessionHandle();
    const device = { handle, userAgent: null, ip: null, createdAt: null, lastSeenAt: now };
    const times = { expiresAt: now + 120 * MINUTE, absoluteExpiresAt: now + 120 * MINUTE };
    await storage.insert(id, { data: { passport: { user: 1 } }, userId: 1, ...times, device });
    const before = { ...storage.writes };

    for (let n = 0; n < 3; n += 1) {
      await browser(app).get('/users/profile').set('Cookie', signedCookie(COOKIE, id, KEY)).expect(200);
    }

    expect(storage.writes).to.deep.equal(before);
    expect((await storage.find(id, now))?.data).to.deep.equal({ passport: { user: 1 } });
  });

  it('writes a login’s session under the new id passport regenerates (koa-session’s save and commit, as documented)', async () => {
    const storage = new CountingStorage();
    const { app } = await appWithAda({ sessions: { storage } });
    const client = browser(app);
    const before = { ...storage.writes };

    const response = await client.post('/login').type('form').send(ADA).expect(302);

    // regenerate saves the new session with only its handle; passport saves it with the user; the commit adds the flash.
    expect(storage.writes).to.deep.equal({ ...before, insert: before.insert + 1, update: before.update + 2 });
    expect(storage.inserted.at(-1)).to.equal(setCookieValue(response, COOKIE));
    const page = await client.get(response.headers.location ?? '/').expect(200);
    expect(showsLoggedIn(page.text)).to.equal(true);
    expect(flashOf(page.text, 'messageSuccess')).to.equal(messages.loggedIn);
  });

  it('deletes nothing at a first login (no session before), and the old session at a later one', async () => {
    const storage = new CountingStorage();
    const { app } = await appWithAda({ sessions: { storage } });
    const first = browser(app);
    const before = { ...storage.writes };

    await first.post('/login').type('form').send(ADA).expect(302);
    expect(storage.writes.destroy).to.equal(before.destroy);

    const oldId = storage.inserted.at(-1) ?? '';
    expect(await storage.find(oldId, Date.now())).not.to.equal(null);
    await first.post('/login').type('form').send(ADA).expect(302);
    expect(storage.writes.destroy).to.equal(before.destroy + 1);
    expect(await storage.find(oldId, Date.now())).to.equal(null);
  });

  it('leaves nothing in the store at logout: the old session and the one passport regenerates are both gone', async () => {
    const storage = new CountingStorage();
    const { app } = await appWithAda({ sessions: { storage } });
    const client = browser(app);
    await client.post('/login').type('form').send(ADA);
    const loggedIn = storage.inserted.at(-1) ?? '';

    const logout = await client.get('/logout').expect(302);

    const regenerated = storage.inserted.at(-1) ?? '';
    expect(regenerated).to.not.equal(loggedIn);
    expect(await storage.find(loggedIn, Date.now())).to.equal(null);
    expect(await storage.find(regenerated, Date.now())).to.equal(null);
    // The cookie is cleared, and the flash travels in its own cookie.
    expect(setCookieValue(logout, COOKIE)).to.equal('');
    const page = await client.get('/login').expect(200);
    expect(showsLoggedIn(page.text)).to.equal(false);
    expect(flashOf(page.text, 'messageSuccess')).to.equal(messages.loggedOut);
    await client.get('/users/profile').expect(302);
  });

});
