import { expect } from 'chai';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { messages } from '../../support/english.js';
import { ADA, type Browser, signUp, submit } from '../../support/accounts/account-client.js';
import { ROOT, WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { captureLog } from '../../support/captured-log.js';
import { buildGatehouseApp } from '../../support/gatehouse-app.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';
import { enrolTotp } from '../../support/two-factor/two-factor-client.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';

const SET_UP_FIRST = 'Administrators must set up two-factor login before using the administration pages.';
const ADMIN_PAGES = ['/admin', '/admin/audit', '/users', '/users/2', '/users/2/delete'];

/** Where a request went, and the failure flash of the page found there. */
async function answerOf(client: Browser, method: 'get' | 'post', path: string) {
  const response = method === 'get' ? await client.get(path) : await client.post(path).type('form').send(WITH_PASSWORD);
  const location = (response.headers.location as string | undefined) ?? null;
  const next = location ? await client.get(location) : response;
  return { status: response.status, location, failure: flashOf(next.text, 'messageFailure') };
}

const sentToSetUp = { status: 302, location: '/account/two-factor', failure: SET_UP_FIRST };

describe('REQUIRE_2FA_FOR_ADMINS', () => {
  describe('=true', () => {
    for (const path of ADMIN_PAGES) {
      it(`sends an administrator without a second factor from GET ${path} to /account/two-factor, saying why`, async () => {
        const built = buildTestApp({ requireTwoFactorForAdmins: true });
        const { root } = await rootAndAda(built);
        expect(await answerOf(root, 'get', path)).to.deep.equal(sentToSetUp);
      });
    }

    it('refuses an action on /users/:id before sudo mode, doing nothing', async () => {
      const built = buildTestApp({ requireTwoFactorForAdmins: true });
      const { root } = await rootAndAda(built);
      expect(await answerOf(root, 'post', '/users/2/lock')).to.deep.equal(sentToSetUp);
      expect((await built.users.findById(2))?.lockedAt).to.equal(null);
    });

    it('logs each refusal as admin.two-factor-required, with the administrator, and keeps it off their activity', async () => {
      const log = captureLog();
      const built = buildTestApp({ requireTwoFactorForAdmins: true, options: { logger: log.logger } });
      const { root } = await rootAndAda(built);
      await root.get('/users').expect(302);
      await built.get(sharedIds.securityEvents).settled();

      const refusals = log.lines().filter((line) => line.event === 'admin.two-factor-required');
      expect(refusals.map((line) => [line.userId, line.level])).to.deep.equal([[1, 'warn']]);
      const events = await built.audit.listOfUser(1, { before: null, limit: 50 });
      expect(events.map((event) => event.type)).not.to.include('admin.two-factor-required');
    });

    it('lets an administrator with the authenticator app on use every administration page', async () => {
      const built = buildTestApp({ requireTwoFactorForAdmins: true });
      const { root } = await rootAndAda(built);
      await enrolTotp(built, root, ROOT.password);
      for (const path of ADMIN_PAGES) await root.get(path).expect(200);
      expect((await submit(root, '/users/2/lock', WITH_PASSWORD)).success).to.equal(
        'ada@example.com is locked: they cannot log in, and 1 session ended.',
      );
    });

    it('lets an administrator whose second factor is a passkey use every administration page', async () => {
      const passkeys = new InMemoryPasskeys();
      const built = buildTestApp({ requireTwoFactorForAdmins: true, passkeys });
      const { root } = await rootAndAda(built);
      await passkeys.add({
        userId: 1,
        credentialId: 'cred-root',
        publicKey: new Uint8Array([1, 2, 3]),
        counter: 0,
        transports: ['internal'],
        userHandle: 'handle-root',
        name: 'laptop',
        backedUp: false,
        createdAt: 0,
      });
      for (const path of ADMIN_PAGES) await root.get(path).expect(200);
    });

    it('asks again on the very next request once the second factor is gone (turned off)', async () => {
      const built = buildTestApp({ requireTwoFactorForAdmins: true });
      const { root } = await rootAndAda(built);
      await enrolTotp(built, root, ROOT.password);
      await root.get('/admin').expect(200);
      await root.post('/account/two-factor/disable').type('form').send({ sudoPassword: ROOT.password }).expect(302);
      expect(await answerOf(root, 'get', '/admin')).to.deep.equal(sentToSetUp);
    });

    it('keeps the contract\'s gates first: anonymous visitors go to /login, non-administrators get "Admin only"', async () => {
      const built = buildTestApp({ requireTwoFactorForAdmins: true });
      const anonymous = browser(built.app);
      const ada = await signUp(built, ADA);
      for (const path of ADMIN_PAGES) {
        expect(await answerOf(anonymous, 'get', path)).to.deep.equal({ status: 302, location: '/login', failure: messages.mustBeLoggedIn });
        expect(await answerOf(ada, 'get', path)).to.deep.equal({ status: 302, location: '/users/profile', failure: messages.adminOnly });
      }
    });

    it('keeps the EMAIL_VERIFICATION gate before it: an unverified administrator is sent to verify first', async () => {
      const built = buildTestApp({ requireTwoFactorForAdmins: true, emailVerification: 'required' });
      const { root } = await rootAndAda(built);
      expect(await answerOf(root, 'get', '/users')).to.deep.equal({ status: 302, location: '/users/profile', failure: messages.verifyEmailFirst });
    });

    it('leaves the pages that are not administration pages alone', async () => {
      const built = buildTestApp({ requireTwoFactorForAdmins: true });
      const { root } = await rootAndAda(built);
      for (const path of ['/', '/special', '/users/profile', '/account', '/account/two-factor']) await root.get(path).expect(200);
    });

    it('is read from the environment by the composition root, as npm start builds the app', async () => {
      const built = await buildGatehouseApp({ DATABASE_URL: 'sqlite::memory:', REQUIRE_2FA_FOR_ADMINS: 'true' });
      try {
        const root = browser(built.app);
        await root.post('/signup').type('form').send(ROOT).expect(302);
        await built.gatehouse.administration.setUserAdmin.execute({ user: { email: ROOT.email }, admin: true });
        expect(await answerOf(root, 'get', '/admin')).to.deep.equal(sentToSetUp);
      } finally {
        await built.close();
      }
    });
  });

  describe('=false (the default)', () => {
    for (const path of ADMIN_PAGES) {
      it(`lets an administrator without a second factor open ${path}, as before`, async () => {
        const built = buildTestApp();
        const { root } = await rootAndAda(built);
        const page = await root.get(path).expect(200);
        expect(flashOf(page.text, 'messageFailure')).to.equal(null);
      });
    }

    it('is the default of the configuration, and "false" turns it off', async () => {
      for (const env of [{}, { REQUIRE_2FA_FOR_ADMINS: 'false' }]) {
        const built = await buildGatehouseApp({ DATABASE_URL: 'sqlite::memory:', ...env });
        try {
          const root = browser(built.app);
          await root.post('/signup').type('form').send(ROOT).expect(302);
          await built.gatehouse.administration.setUserAdmin.execute({ user: { email: ROOT.email }, admin: true });
          await root.get('/admin').expect(200);
        } finally {
          await built.close();
        }
      }
    });
  });
});
