import { expect } from 'chai';
import { logIn, submit } from '../../support/accounts/account-client.js';
import { ROOT, WITH_PASSWORD, asksForPassword, problemOn, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { ManualClock } from '../../support/throttle.js';
import { browser, buildTestApp } from '../../support/test-app.js';

const MINUTE = 60_000;

describe('sudo mode before an action of /users/:id', () => {
  onEveryBackend((build) => {
    it('asks for the password first, on a page whose form posts to the same address, doing nothing yet', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      const asked = await root.post('/users/2/lock').type('form').send({}).expect(200);

      expect(asksForPassword(asked.text)).to.equal(true);
      expect(asked.text).to.include('<form method="post" action="/users/2/lock">');
      expect(asked.text).to.include('To lock this account, please type your password again.');
      expect((await built.users.findById(2))?.lockedAt).to.equal(null);
    });

    it('carries the action on in the same request once the password is right, and asks no more', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await root.post('/users/2/lock').type('form').send({}).expect(200);

      const locked = await submit(root, '/users/2/lock', WITH_PASSWORD);
      const unlocked = await submit(root, '/users/2/unlock', {});

      expect(locked.success).to.equal('ada@example.com is locked: they cannot log in, and 1 session ended.');
      expect(unlocked.success).to.equal('ada@example.com is unlocked and can log in again.');
    });

    it("carries the action's own fields through the password page", async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      const asked = await root.post('/users/2/delete').type('form').send({ confirm: 'yes' }).expect(200);
      expect(asked.text).to.include('<input type="hidden" name="confirm" value="yes">');
      const deleted = await submit(root, '/users/2/delete', { confirm: 'yes', ...WITH_PASSWORD });

      expect(deleted.success).to.equal('The account of ada@example.com was deleted.');
    });

    it('refuses a wrong or empty password on the same page, doing nothing', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      const wrong = await root.post('/users/2/lock').type('form').send({ sudoPassword: 'not-it' }).expect(200);
      const empty = await root.post('/users/2/lock').type('form').send({ sudoPassword: '' }).expect(200);

      expect(problemOn(wrong.text)).to.equal('That password is not correct.');
      expect(problemOn(empty.text)).to.equal('Please type your password.');
      expect((await built.users.findById(2))?.lockedAt).to.equal(null);
    });

    it('asks again after a new login', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/unlock', WITH_PASSWORD);

      const again = await logIn(built, ROOT);

      expect(asksForPassword((await again.post('/users/2/unlock').type('form').send({}).expect(200)).text)).to.equal(true);
    });
  });

  it('asks again once SUDO_SECONDS have passed since the password was typed', async () => {
    const clock = new ManualClock();
    const built = buildTestApp({ clock, sudoMs: 10 * MINUTE });
    const { root } = await rootAndAda(built);
    await submit(root, '/users/2/unlock', WITH_PASSWORD);

    clock.advance(10 * MINUTE - 1);
    const within = await root.post('/users/2/unlock').type('form').send({}).expect(302);
    clock.advance(1);
    const after = await root.post('/users/2/unlock').type('form').send({}).expect(200);

    expect(within.headers.location).to.equal('/users/2');
    expect(asksForPassword(after.text)).to.equal(true);
  });

  it('asks before every action with SUDO_SECONDS=0', async () => {
    const built = buildTestApp({ sudoMs: 0 });
    const { root } = await rootAndAda(built);
    await submit(root, '/users/2/unlock', WITH_PASSWORD);

    expect(asksForPassword((await root.post('/users/2/unlock').type('form').send({}).expect(200)).text)).to.equal(true);
  });

  it('counts a wrong password as a failed login, throttled like the login form', async () => {
    const built = buildTestApp({ throttle: { loginFailuresPerEmail: 2 } });
    const { root } = await rootAndAda(built);

    for (let i = 0; i < 2; i += 1) await root.post('/users/2/lock').type('form').send({ sudoPassword: 'guess' });
    const throttled = await root.post('/users/2/lock').type('form').send(WITH_PASSWORD).expect(200);

    expect(problemOn(throttled.text)).to.equal('Too many failed login attempts. Please try again in 15 minutes.');
    expect((await built.users.findById(2))?.lockedAt).to.equal(null);
    // The same count as the login form's: it is throttled too.
    const login = await submit(browser(built.app), '/login', ROOT);
    expect(login.failure).to.equal('Too many failed login attempts. Please try again in 15 minutes.');
  });
});
