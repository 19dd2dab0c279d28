import { expect } from 'chai';
import { messages } from '../../support/english.js';
import { twoFactorMessages } from '../../support/english.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { ADA, type Browser, signUp } from '../../support/accounts/account-client.js';
import { rootAndAda } from '../../support/administration/admin-client.js';
import { captureLog } from '../../support/captured-log.js';
import { buildGatehouseApp } from '../../support/gatehouse-app.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';
import { ManualClock } from '../../support/throttle.js';
import { enrolTotp } from '../../support/two-factor/two-factor-client.js';

const DAY_MS = 86_400_000;
const ADMIN_SET_UP_FIRST = 'Administrators must set up two-factor login before using the administration pages.';
/** Pages a user without a second factor is held back from under REQUIRE_2FA=all. */
const HELD_BACK = ['/', '/special', '/users/profile', '/account/data', '/nowhere'];
/** The setup, the passkeys, the account's security pages. */
const STILL_OPEN = ['/account/two-factor', '/account/passkeys', '/account', '/account/sessions', '/account/activity'];

/** Where a GET went, and the failure flash of the page found there. */
async function answerOf(client: Browser, path: string) {
  const response = await client.get(path);
  const location = (response.headers.location as string | undefined) ?? null;
  const next = location ? await client.get(location) : response;
  return { status: response.status, location, failure: flashOf(next.text, 'messageFailure') };
}

const sentToSetUp = { status: 302, location: '/account/two-factor', failure: twoFactorMessages.setUpFirst };

describe('REQUIRE_2FA', () => {
  describe('=all', () => {
    for (const path of HELD_BACK) {
      it(`sends a user without a second factor from GET ${path} to /account/two-factor, saying why`, async () => {
        const built = buildTestApp({ requireTwoFactor: 'all' });
        const ada = await signUp(built, ADA);
        expect(await answerOf(ada, path)).to.deep.equal(sentToSetUp);
      });
    }

    it('refuses a form post the same way, before it does anything', async () => {
      const built = buildTestApp({ requireTwoFactor: 'all' });
      const ada = await signUp(built, ADA);
      const response = await ada.post('/account/phone').type('form').send({ phone: '+44 20 7946 0001' }).expect(302);
      expect(response.headers.location).to.equal('/account/two-factor');
      expect((await built.users.findById(1))?.phone).to.equal(ADA.phone);
    });

    it('lets a user without a second factor reach the setup, the passkeys, the account security pages and logout', async () => {
      const built = buildTestApp({ requireTwoFactor: 'all' });
      const ada = await signUp(built, ADA);
      for (const path of STILL_OPEN) {
        const page = await ada.get(path);
        expect([path, page.status]).to.deep.equal([path, 200]);
      }
      const out = await ada.get('/logout').expect(302);
      expect(out.headers.location).to.equal('/login');
      await ada.get('/').expect(200);
    });

    it('lets everything through once the authenticator app is on', async () => {
      const built = buildTestApp({ requireTwoFactor: 'all' });
      const ada = await signUp(built, ADA);
      await enrolTotp(built, ada, ADA.password);
      for (const path of ['/', '/special', '/users/profile']) await ada.get(path).expect(200);
    });

    it('keeps the contract\'s gates first: anonymous visitors as specified, non-administrators get "Admin only"', async () => {
      const built = buildTestApp({ requireTwoFactor: 'all' });
      const anonymous = browser(built.app);
      expect(await answerOf(anonymous, '/users/profile')).to.deep.equal({
        status: 302,
        location: '/login',
        failure: messages.mustBeLoggedIn,
      });
      expect(await answerOf(anonymous, '/special')).to.deep.equal({ status: 302, location: '/signup', failure: messages.mustBeSignedUp });
      await anonymous.get('/').expect(200);
      const ada = await signUp(built, ADA);
      for (const path of ['/admin', '/users', '/users/1']) {
        const response = await ada.get(path).expect(302);
        expect([path, response.headers.location]).to.deep.equal([path, '/users/profile']);
      }
    });

    it('sends an administrator without a second factor from the administration pages with their own message', async () => {
      const built = buildTestApp({ requireTwoFactor: 'all' });
      const { root } = await rootAndAda(built);
      expect(await answerOf(root, '/admin')).to.deep.equal({ ...sentToSetUp, failure: ADMIN_SET_UP_FIRST });
    });

    it('logs each refusal as two-factor.required with the user, and keeps it off their activity', async () => {
      const log = captureLog();
      const built = buildTestApp({ requireTwoFactor: 'all', options: { logger: log.logger } });
      const ada = await signUp(built, ADA);
      await ada.get('/special').expect(302);
      await built.get(sharedIds.securityEvents).settled();
      const refusals = log.lines().filter((line) => line.event === 'two-factor.required');
      expect(refusals.map((line) => [line.userId, line.level])).to.deep.equal([[1, 'warn']]);
      const events = await built.audit.listOfUser(1, { before: null, limit: 50 });
      expect(events.map((event) => event.type)).not.to.include('two-factor.required');
    });
  });

  describe('REQUIRE_2FA_GRACE_DAYS', () => {
    it('lets a user without a second factor in for the grace from their first login, then holds them back', async () => {
      const clock = new ManualClock();
      const built = buildTestApp({ requireTwoFactor: 'all', twoFactorGraceMs: 7 * DAY_MS, clock });
      const ada = await signUp(built, ADA);
      await ada.get('/special').expect(200);
      clock.advance(7 * DAY_MS - 1);
      await ada.get('/special').expect(200);
      clock.advance(1);
      expect(await answerOf(ada, '/special')).to.deep.equal(sentToSetUp);
    });

    it('counts each account from its own first login, not from the other\'s', async () => {
      const clock = new ManualClock();
      const built = buildTestApp({ requireTwoFactor: 'all', twoFactorGraceMs: 7 * DAY_MS, clock });
      const ada = await signUp(built, ADA);
      await ada.get('/').expect(200);
      clock.advance(5 * DAY_MS);
      const grace = await signUp(built, { email: 'grace@example.com', password: 'cobol-compiler-1959' });
      await grace.get('/').expect(200);
      clock.advance(2 * DAY_MS);
      expect((await answerOf(ada, '/')).location).to.equal('/account/two-factor');
      await grace.get('/').expect(200);
    });
  });

  describe('=admins, and REQUIRE_2FA_FOR_ADMINS=true', () => {
    for (const parts of [{ requireTwoFactor: 'admins' as const }, { requireTwoFactorForAdmins: true }]) {
      it(`${JSON.stringify(parts)}: holds back administrators on the administration pages only`, async () => {
        const built = buildTestApp(parts);
        const { root, ada } = await rootAndAda(built);
        expect(await answerOf(root, '/users')).to.deep.equal({ ...sentToSetUp, failure: ADMIN_SET_UP_FIRST });
        for (const path of ['/', '/special', '/users/profile']) {
          await root.get(path).expect(200);
          await ada.get(path).expect(200);
        }
      });
    }
  });

  describe('from the environment, as npm start builds the app (SQLite)', () => {
    it('REQUIRE_2FA=all holds back a user without a second factor', async () => {
      const built = await buildGatehouseApp({ DATABASE_URL: 'sqlite::memory:', REQUIRE_2FA: 'all' });
      try {
        const ada = browser(built.app);
        await ada.post('/signup').type('form').send(ADA).expect(302);
        expect(await answerOf(ada, '/special')).to.deep.equal(sentToSetUp);
      } finally {
        await built.close();
      }
    });

    it('REQUIRE_2FA_GRACE_DAYS stores the grace\'s start on the user once, on the first page after the login', async () => {
      const built = await buildGatehouseApp({ DATABASE_URL: 'sqlite::memory:', REQUIRE_2FA: 'all', REQUIRE_2FA_GRACE_DAYS: '3' });
      try {
        const ada = browser(built.app);
        await ada.post('/signup').type('form').send(ADA).expect(302);
        const before = Date.now();
        await ada.get('/special').expect(200);
        const db = built.get(sharedIds.database);
        const first = await db('users').where({ id: 1 }).first('second_factor_grace_from');
        expect(Number(first.second_factor_grace_from)).to.be.within(before - 1000, Date.now());
        await ada.get('/special').expect(200);
        const second = await db('users').where({ id: 1 }).first('second_factor_grace_from');
        expect(Number(second.second_factor_grace_from)).to.equal(Number(first.second_factor_grace_from));
      } finally {
        await built.close();
      }
    });
  });

  describe('=off (the default)', () => {
    it('lets a user without a second factor open every page', async () => {
      const built = buildTestApp();
      const ada = await signUp(built, ADA);
      for (const path of ['/', '/special', '/users/profile']) await ada.get(path).expect(200);
    });
  });

});
