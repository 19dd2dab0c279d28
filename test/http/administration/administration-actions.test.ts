import { expect } from 'chai';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { ROOT, WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser } from '../../support/test-app.js';

describe('POST /users/:id/<action>', () => {
  onEveryBackend((build) => {
    it('grant-admin lets the user reach /admin; a second grant says it is done already', async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);

      const granted = await submit(root, '/users/2/grant-admin', WITH_PASSWORD);
      expect(granted.location).to.equal('/users/2');
      expect(granted.success).to.equal('ada@example.com is now an administrator.');
      await ada.get('/admin').expect(200);

      const again = await submit(root, '/users/2/grant-admin', {});
      expect(again.success).to.equal('ada@example.com is already an administrator.');
    });

    it("revoke-admin takes the flag away and ends the user's sessions; a second one says it was not set", async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);
      await submit(root, '/users/2/grant-admin', WITH_PASSWORD);

      const revoked = await submit(root, '/users/2/revoke-admin', {});
      expect(revoked.success).to.equal(
        'ada@example.com is no longer an administrator, and was logged out everywhere (1 session ended).',
      );
      expect((await ada.get('/admin')).headers.location).to.equal('/login');

      const again = await submit(root, '/users/2/revoke-admin', {});
      expect(again.success).to.equal('ada@example.com was not an administrator.');
    });

    it('lock ends every session of the user and refuses their login like a wrong password', async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);

      const locked = await submit(root, '/users/2/lock', WITH_PASSWORD);

      expect(locked.success).to.equal('ada@example.com is locked: they cannot log in, and 1 session ended.');
      expect((await ada.get('/users/profile')).headers.location).to.equal('/login');
      const login = await submit(browser(built.app), '/login', ADA);
      expect(login.location).to.equal('/login');
      expect(login.failure).to.equal('Invalid email and/ or password.');
      expect((await built.users.findById(2))?.lockedAt).to.be.instanceOf(Date);
    });

    it('lock twice says the account was locked already, and unlock lets the user log in again', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/lock', WITH_PASSWORD);

      expect((await submit(root, '/users/2/lock', {})).success).to.equal('ada@example.com was already locked (0 sessions ended).');
      expect((await submit(root, '/users/2/unlock', {})).success).to.equal('ada@example.com is unlocked and can log in again.');
      expect((await submit(root, '/users/2/unlock', {})).success).to.equal('ada@example.com was not locked.');
      expect((await submit(browser(built.app), '/login', ADA)).success).to.equal('Successfully logged in.');
    });

    it('send-password-reset queues the reset message, and only one for a double click', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      const sent = await submit(root, '/users/2/send-password-reset', WITH_PASSWORD);
      const again = await submit(root, '/users/2/send-password-reset', {});

      expect(sent.success).to.equal('A password reset link was sent to ada@example.com.');
      expect(again.success).to.equal(
        'A password reset link was sent to ada@example.com less than a minute ago, so no other was sent.',
      );
      const resets = (await built.queuedMail()).filter((mail) => mail.kind === 'password-reset');
      expect(resets.map((mail) => mail.to)).to.deep.equal(['ada@example.com']);
    });

    it('revoke-sessions logs the user out everywhere, and finds none the second time', async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);

      const revoked = await submit(root, '/users/2/revoke-sessions', WITH_PASSWORD);
      const again = await submit(root, '/users/2/revoke-sessions', {});

      expect(revoked.success).to.equal('ada@example.com was logged out everywhere (1 session ended).');
      expect(again.success).to.equal('ada@example.com was logged out everywhere (0 sessions ended).');
      expect((await ada.get('/users/profile')).headers.location).to.equal('/login');
      expect((await submit(browser(built.app), '/login', ADA)).success).to.equal('Successfully logged in.');
    });

    it('delete shows a confirmation page first, and deletes only with the box ticked', async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);

      const confirm = (await root.get('/users/2/delete').expect(200)).text;
      expect(confirm).to.include('Delete ada@example.com?');
      expect(confirm).to.include('action="/users/2/delete"');
      const unticked = await submit(root, '/users/2/delete', WITH_PASSWORD);
      expect(unticked.location).to.equal('/users/2/delete');
      expect(unticked.failure).to.equal('Please tick the box to confirm that this account should be deleted.');
      expect(await built.users.findById(2)).to.not.equal(null);

      const deleted = await submit(root, '/users/2/delete', { confirm: 'yes', ...WITH_PASSWORD });
      expect(deleted.location).to.equal('/users');
      expect(deleted.success).to.equal('The account of ada@example.com was deleted.');
      expect(await built.users.findById(2)).to.equal(null);
      expect((await ada.get('/users/profile')).headers.location).to.equal('/login');
    });

    it('delete twice says the user no longer exists', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/delete', { confirm: 'yes', ...WITH_PASSWORD });

      const again = await submit(root, '/users/2/delete', { confirm: 'yes' });

      expect(again.location).to.equal('/users');
      expect(again.failure).to.equal('That user no longer exists.');
    });

    it('says "That user no longer exists." for every action on a user deleted meanwhile', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/unlock', WITH_PASSWORD);
      await built.users.delete(2);

      for (const action of ['grant-admin', 'revoke-admin', 'lock', 'unlock', 'send-password-reset', 'revoke-sessions']) {
        const answer = await submit(root, `/users/2/${action}`, {});
        expect({ action, location: answer.location, failure: answer.failure }).to.deep.equal({
          action,
          location: '/users',
          failure: 'That user no longer exists.',
        });
      }
      await root.get('/users/2/delete').expect(404);
    });

    it('refuses a form whose fields are not plain strings, changing nothing', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      const answer = await submit(root, '/users/2/lock', `sudoPassword=${ROOT.password}&sudoPassword=again`);

      expect(answer.location).to.equal('/users/2');
      expect(answer.failure).to.equal('Please fill in the form and try again.');
      expect((await built.users.findById(2))?.lockedAt).to.equal(null);
    });
  });
});
