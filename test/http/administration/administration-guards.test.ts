import { expect } from 'chai';
import { ADA, logIn, submit } from '../../support/accounts/account-client.js';
import { WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryBackend } from '../../support/app-backends.js';

const ONLY_ADMIN =
  'You are the only administrator who can log in, so you cannot do this to your own account. Make another user an administrator first.';

describe('the last-administrator guard of /users/:id', () => {
  onEveryBackend((build) => {
    for (const [action, form] of [
      ['revoke-admin', WITH_PASSWORD],
      ['lock', WITH_PASSWORD],
      ['delete', { confirm: 'yes', ...WITH_PASSWORD }],
    ] as const) {
      it(`refuses ${action} on the only administrator's own account, who stays an administrator, logged in`, async () => {
        const built = await build();
        const { root } = await rootAndAda(built);

        const refused = await submit(root, `/users/1/${action}`, form);

        expect(refused.location).to.equal('/users/1');
        expect(refused.failure).to.equal(ONLY_ADMIN);
        const stored = await built.users.findById(1);
        expect({ admin: stored?.admin, locked: stored?.lockedAt }).to.deep.equal({ admin: true, locked: null });
        await root.get('/admin').expect(200);
      });
    }

    it('does not count a locked administrator as one who can log in', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/grant-admin', WITH_PASSWORD);
      await submit(root, '/users/2/lock', {});

      const refused = await submit(root, '/users/1/revoke-admin', {});

      expect(refused.failure).to.equal(ONLY_ADMIN);
    });

    it('lets an administrator give up their own flag while another remains, ending their own sessions', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/grant-admin', WITH_PASSWORD);

      const revoked = await submit(root, '/users/1/revoke-admin', {});

      expect(revoked.location).to.equal('/login');
      expect(revoked.success).to.equal('root@example.com is no longer an administrator, and was logged out everywhere (1 session ended).');
      expect((await built.users.findById(1))?.admin).to.equal(false);
      await (await logIn(built, ADA)).get('/admin').expect(200);
    });

    it('lets an administrator lock another administrator, whose admin pages close at once', async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);
      await submit(root, '/users/2/grant-admin', WITH_PASSWORD);
      const adaAgain = await logIn(built, ADA);

      await submit(root, '/users/2/lock', {});

      for (const session of [ada, adaAgain]) expect((await session.get('/admin')).headers.location).to.equal('/login');
    });
  });
});
