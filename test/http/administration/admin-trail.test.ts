import { expect } from 'chai';
import { administrationIds } from '../../../src/infrastructure/administration/administration-ids.js';
import { ADA, signUp, submit } from '../../support/accounts/account-client.js';
import { WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryDatabase } from '../../support/app-backends.js';
import { olderTrailLink, trailRows } from '../../support/audit/trail-page.js';
import { browser, flashOf } from '../../support/test-app.js';

const OPERATOR = 'operator (command line)';

describe('GET /admin/audit', () => {
  onEveryDatabase((build) => {
    it('sends an anonymous visitor to /login and a user who is no administrator to their profile, as /admin does', async () => {
      const built = await build();
      const { ada } = await rootAndAda(built);

      const anonymous = await browser(built.app).get('/admin/audit').expect(302);
      expect(anonymous.headers.location).to.equal('/login');
      const user = await ada.get('/admin/audit').expect(302);
      expect(user.headers.location).to.equal('/users/profile');
      expect(flashOf((await ada.get('/users/profile')).text, 'messageFailure')).to.equal('Admin only');
    });

    it("lists every administrator's and operator's act, newest first, and not the accounts' own activity", async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/lock', WITH_PASSWORD);
      await submit(root, '/users/2/unlock', {});
      await submit(root, '/users/2/revoke-sessions', {});

      const page = await root.get('/admin/audit').expect(200);
      expect(trailRows(page.text)).to.deep.equal([
        ['Logged out everywhere', 'root@example.com', 'ada@example.com'],
        ['Account unlocked', 'root@example.com', 'ada@example.com'],
        ['Account locked', 'root@example.com', 'ada@example.com'],
        // rootAndAda made root an administrator as the command line does.
        ['Admin rights granted', OPERATOR, 'root@example.com'],
      ]);
    });

    it("links a user's page to the acts on the account", async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      const page = await root.get('/users/2').expect(200);
      expect(page.text).to.include('href="/admin/audit?target=ada%40example.com">Every administrator\'s act on this account</a>');
    });

    it('keeps naming a deleted account by its address, its deletion included', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/lock', WITH_PASSWORD);
      await submit(root, '/users/2/delete', { confirm: 'yes' });
      expect(await built.users.findById(2)).to.equal(null);
      // Ada's activity went with her account.
      expect(await built.audit.listOfUser(2, { before: null, limit: 10 })).to.satisfy((rows: { type: string }[]) =>
        rows.every((row) => row.type.startsWith('admin.')),
      );

      const page = await root.get('/admin/audit?target=ada@example.com').expect(200);
      expect(trailRows(page.text)).to.deep.equal([
        ['Account deleted', 'root@example.com', 'ada@example.com'],
        ['Account locked', 'root@example.com', 'ada@example.com'],
      ]);
      // Someone signing up again with the address later is another account: the old acts still read.
      await signUp(built, ADA);
      expect(trailRows((await root.get('/admin/audit?target=ADA@example.com').expect(200)).text)).to.have.length(2);
    });

    it('filters by actor (an address, or "operator"), by target and by kind, together', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/grant-admin', WITH_PASSWORD);
      await signUp(built, { email: 'bob@example.org', password: 'difference-engine' });
      await submit(root, '/users/3/lock', {});
      const { lockUser } = built.get(administrationIds.administration);
      await lockUser.execute({ user: { email: 'ada@example.com' } });

      const rows = async (query: string) => trailRows((await root.get(`/admin/audit?${query}`).expect(200)).text);
      expect(await rows('actor=root%40example.com')).to.deep.equal([
        ['Account locked', 'root@example.com', 'bob@example.org'],
        ['Admin rights granted', 'root@example.com', 'ada@example.com'],
      ]);
      expect(await rows('actor=operator')).to.deep.equal([
        ['Account locked', OPERATOR, 'ada@example.com'],
        ['Admin rights granted', OPERATOR, 'root@example.com'],
      ]);
      expect(await rows('target=ada%40example.com')).to.deep.equal([
        ['Account locked', OPERATOR, 'ada@example.com'],
        ['Admin rights granted', 'root@example.com', 'ada@example.com'],
      ]);
      expect(await rows('kind=admin.user-locked')).to.deep.equal([
        ['Account locked', OPERATOR, 'ada@example.com'],
        ['Account locked', 'root@example.com', 'bob@example.org'],
      ]);
      expect(await rows('actor=root%40example.com&target=ada%40example.com&kind=admin.granted')).to.deep.equal([
        ['Admin rights granted', 'root@example.com', 'ada@example.com'],
      ]);
      expect(await rows('kind=admin.user-deleted')).to.deep.equal([]);
    });

    it('says so when a filter is set aside or finds no account, and refuses one longer than an address', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      const unknownKind = await root.get('/admin/audit?kind=admin.everything').expect(200);
      expect(unknownKind.text).to.include('There is no such kind of act, so every kind is shown.');
      expect(trailRows(unknownKind.text)).to.have.length(1);
      const nobody = await root.get('/admin/audit?actor=nobody%40example.com').expect(200);
      expect(nobody.text).to.include('No account has this address: no act is listed.');
      expect(trailRows(nobody.text)).to.deep.equal([]);
      const long = await root.get(`/admin/audit?target=${'a'.repeat(255)}`).expect(400);
      expect(long.text).to.include('A search can be at most 254 characters long');
    });

    it('pages by keyset, 50 acts a page, keeping the filters on the "Older" link', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      const { unlockUser } = built.get(administrationIds.administration);
      for (let n = 0; n < 55; n += 1) await unlockUser.execute({ user: { email: 'ada@example.com' }, actorId: 1 });

      const first = await root.get('/admin/audit?kind=admin.user-unlocked').expect(200);
      expect(trailRows(first.text)).to.have.length(50);
      const older = olderTrailLink(first.text);
      expect(older).to.match(/^\/admin\/audit\?kind=admin\.user-unlocked&before=\d+$/);
      const second = await root.get(older ?? '').expect(200);
      expect(trailRows(second.text)).to.have.length(5);
      expect(olderTrailLink(second.text)).to.equal(null);
      expect(second.text).to.include('href="/admin/audit?kind=admin.user-unlocked">Newest</a>');
    });
  });
});
