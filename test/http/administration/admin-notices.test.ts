import { expect } from 'chai';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import { administrationIds } from '../../../src/infrastructure/administration/administration-ids.js';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryDatabase } from '../../support/app-backends.js';
import type { TestApp } from '../../support/test-app.js';

/** The notices of an administrator's act the app queued. */
async function notices(built: TestApp): Promise<OutgoingMail[]> {
  return (await built.queuedMail()).filter((mail) => mail.kind === 'acted-on-by-admin');
}

describe("the notices of an administrator's act on an account", () => {
  onEveryDatabase((build) => {
    it('mails the owner when an administrator locks the account, once, and not when unlocking it', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      await submit(root, '/users/2/lock', WITH_PASSWORD);
      await submit(root, '/users/2/lock', {});
      await submit(root, '/users/2/unlock', {});

      expect(await notices(built)).to.deep.equal([
        { kind: 'acted-on-by-admin', to: ADA.email, act: 'locked', by: 'administrator' },
      ]);
    });

    it('mails the owner when an administrator logs the account out everywhere', async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);

      const ended = await submit(root, '/users/2/revoke-sessions', WITH_PASSWORD);
      expect(ended.success).to.equal('ada@example.com was logged out everywhere (1 session ended).');
      expect((await ada.get('/users/profile')).headers.location).to.equal('/login');

      expect(await notices(built)).to.deep.equal([
        { kind: 'acted-on-by-admin', to: ADA.email, act: 'logged-out-everywhere', by: 'administrator' },
      ]);
    });

    it('says an operator acted when the command line does', async () => {
      const built = await build();
      await rootAndAda(built);
      const { lockUser, revokeUserSessions } = built.get(administrationIds.administration);

      await revokeUserSessions.execute({ user: { email: ADA.email } });
      await lockUser.execute({ user: { email: ADA.email } });

      expect((await notices(built)).map((mail) => [mail.kind === 'acted-on-by-admin' && mail.act, mail.kind === 'acted-on-by-admin' && mail.by])).to.deep.equal([
        ['logged-out-everywhere', 'operator'],
        ['locked', 'operator'],
      ]);
    });

    it('mails nothing for a refused act', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      expect((await submit(root, '/users/1/lock', WITH_PASSWORD)).failure).to.be.a('string');
      expect(await notices(built)).to.deep.equal([]);
    });
  });
});
