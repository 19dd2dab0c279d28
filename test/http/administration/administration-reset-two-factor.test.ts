import { expect } from 'chai';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { activityLabels } from '../../support/audit/activity-page.js';
import { ADA, signUp, submit } from '../../support/accounts/account-client.js';
import { WITH_PASSWORD, asksForPassword, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser, buildTestApp, type TestApp } from '../../support/test-app.js';
import { storedPasskey } from '../../support/passkeys/passkeys.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';

/** The value of a fact on the user's page. */
function fact(html: string, name: string): string | null {
  const match = new RegExp(`<dt>${name}</dt><dd[^>]*>(.*?)</dd>`).exec(html);
  return match ? (match[1] ?? '').replace(/<[^>]+>/g, '') : null;
}

/** Gives Ada (user 2) the authenticator app, switched on, and ten recovery codes, straight in the stores. */
async function giveAdaTotp(built: TestApp): Promise<void> {
  const { totp, recoveryCodes } = built.twoFactor;
  await totp.savePending(2, 'sealed-secret-of-ada');
  await totp.enable(2, 'sealed-secret-of-ada', 1, Date.now());
  await recoveryCodes.replace(2, Array.from({ length: 10 }, (_, i) => `hash-${i}`));
}

/** Where Ada's password login goes now: `/` when it asks for nothing more, `/login/two-factor` when it does. */
async function adaLogsIn(built: TestApp): Promise<string | undefined> {
  const response = await browser(built.app).post('/login').type('form').send(ADA);
  return response.headers.location as string | undefined;
}

describe('the second factors of a user, for an administrator', () => {
  onEveryBackend((build) => {
    it('GET /users/:id says whether the user has a second factor, and offers the reset only then', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      const before = (await root.get('/users/2').expect(200)).text;
      expect(fact(before, 'Two-factor login')).to.equal('Off: authenticator app off, 0 passkeys, 0 recovery codes left');
      expect(before).not.to.include('action="/users/2/reset-two-factor"');

      await giveAdaTotp(built);

      const after = (await root.get('/users/2').expect(200)).text;
      expect(fact(after, 'Two-factor login')).to.equal('On: authenticator app on, 0 passkeys, 10 recovery codes left');
      expect(after).to.include('action="/users/2/reset-two-factor"');
    });

    it("POST /users/:id/reset-two-factor asks for the password, then removes the user's second factors", async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await giveAdaTotp(built);
      expect(await adaLogsIn(built)).to.equal('/login/two-factor');

      const asked = await root.post('/users/2/reset-two-factor').type('form').send({}).expect(200);
      expect(asksForPassword(asked.text)).to.equal(true);
      expect(await built.twoFactor.totp.find(2)).not.to.equal(null);

      const reset = await submit(root, '/users/2/reset-two-factor', WITH_PASSWORD);
      expect(reset.location).to.equal('/users/2');
      expect(reset.success).to.equal(
        'The two-factor login of ada@example.com was reset (the authenticator app and 10 recovery codes removed): ' +
          'their next login asks for the password only.',
      );
      expect(await built.twoFactor.totp.find(2)).to.equal(null);
      expect(await built.twoFactor.recoveryCodes.countUnused(2)).to.equal(0);
      expect(await adaLogsIn(built)).to.equal('/');
    });

    it("records the reset on the user's activity, with the administrator who did it, and ends none of their sessions", async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);
      await giveAdaTotp(built);

      await submit(root, '/users/2/reset-two-factor', WITH_PASSWORD);

      await built.get(sharedIds.securityEvents).settled();
      expect(await activityLabels(ada)).to.include('Two-factor login reset by an administrator (#1)');
      await ada.get('/users/profile').expect(200);
    });

    it('says so for a user without a second factor, and does nothing (a second post, too)', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await giveAdaTotp(built);
      await submit(root, '/users/2/reset-two-factor', WITH_PASSWORD);

      const again = await submit(root, '/users/2/reset-two-factor', {});

      expect([again.location, again.failure]).to.deep.equal(['/users/2', 'ada@example.com has no second factor, so nothing was reset.']);
      await built.get(sharedIds.securityEvents).settled();
      const labels = (await built.audit.listOfUser(2, { before: null, limit: 50 })).map((event) => event.type);
      expect(labels.filter((type) => type === 'admin.two-factor-reset')).to.have.length(1);
    });

    it('mails the user that an administrator reset their two-factor login, once: a second post mails nothing', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await giveAdaTotp(built);

      await submit(root, '/users/2/reset-two-factor', WITH_PASSWORD);
      await submit(root, '/users/2/reset-two-factor', {});

      const notices = (await built.queuedMail()).filter((mail) => mail.kind === 'second-factor-changed');
      expect(notices).to.deep.equal([{ kind: 'second-factor-changed', to: 'ada@example.com', change: { kind: 'reset-by-administrator' } }]);
    });

    it('keeps the gates of /users: anonymous visitors to /login, non-administrators "Admin only", a gone user to the list', async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);
      await giveAdaTotp(built);

      const anonymous = await submit(browser(built.app), '/users/2/reset-two-factor', WITH_PASSWORD);
      expect([anonymous.location, anonymous.failure]).to.deep.equal(['/login', 'Must be logged in']);
      const byAda = await submit(ada, '/users/2/reset-two-factor', { sudoPassword: ADA.password });
      expect([byAda.location, byAda.failure]).to.deep.equal(['/users/profile', 'Admin only']);
      expect(await built.twoFactor.totp.find(2)).not.to.equal(null);

      await root.get('/users/2/reset-two-factor').expect(405);
      const gone = await submit(root, '/users/99/reset-two-factor', WITH_PASSWORD);
      expect([gone.location, gone.failure]).to.deep.equal(['/users', 'That user no longer exists.']);
    });
  });

  it("removes the user's passkeys too, and nobody else's", async () => {
    const passkeys = new InMemoryPasskeys();
    const built = buildTestApp({ passkeys });
    const { root } = await rootAndAda(built);
    await passkeys.add(storedPasskey(2, 'phone'));
    await passkeys.add(storedPasskey(1, 'root-key'));
    const page = (await root.get('/users/2').expect(200)).text;
    expect(fact(page, 'Two-factor login')).to.equal('On: authenticator app off, 1 passkey, 0 recovery codes left');
    expect(page).to.include('action="/users/2/reset-two-factor"');

    const reset = await submit(root, '/users/2/reset-two-factor', WITH_PASSWORD);

    expect(reset.success).to.equal(
      'The two-factor login of ada@example.com was reset (1 passkey removed): their next login asks for the password only.',
    );
    expect(await passkeys.countOfUser(2)).to.equal(0);
    expect(await passkeys.countOfUser(1)).to.equal(1);
  });

  it('lets an administrator reset their own second factors; REQUIRE_2FA_FOR_ADMINS then asks them to set one up', async () => {
    const built = buildTestApp({ requireTwoFactorForAdmins: true });
    const root = await signUp(built, { email: 'root@example.com', password: 'all-of-the-trust' });
    await built.setUserAdmin.execute({ user: { email: 'root@example.com' }, admin: true });
    const { totp } = built.twoFactor;
    await totp.savePending(1, 'sealed');
    await totp.enable(1, 'sealed', 1, Date.now());

    const reset = await root.post('/users/1/reset-two-factor').type('form').send(WITH_PASSWORD);

    expect(reset.headers.location).to.equal('/users/1');
    expect((await root.get('/users/1')).headers.location).to.equal('/account/two-factor');
  });
});
