import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { ROOT, problemOn } from '../../support/administration/admin-client.js';
import { signUp } from '../../support/accounts/account-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser, flashOf, type TestApp } from '../../support/test-app.js';

/** Root (user 1, an administrator, logged in) and `emails` after it, added straight to the store. */
async function rootAmong(built: TestApp, emails: readonly string[]) {
  const root = await signUp(built, ROOT);
  await built.setUserAdmin.execute({ user: { email: ROOT.email }, admin: true });
  for (const email of emails) await built.users.create({ email: Email.parse(email) as Email, passwordHash: 'x', phone: null });
  return root;
}

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `user${String(i + 1).padStart(3, '0')}@example.com`);
const listed = (html: string) => [...html.matchAll(/<td><a href="\/users\/\d+">([^<]*)<\/a><\/td>/g)].map((m) => m[1]);
const total = (html: string) => /data-total[^>]*>([^<]*)</.exec(html)?.[1] ?? null;

describe('GET /users with a search and filters', () => {
  onEveryBackend((build) => {
    it('shows the total and links each row to /users/:id', async () => {
      const client = await rootAmong(await build(), numbered(60));

      const page = (await client.get('/users').expect(200)).text;

      expect(total(page)).to.equal('61 users');
      expect(page).to.include('<a href="/users/2">user001@example.com</a>');
      expect(listed(page)).to.have.length(50);
    });

    it('shows the first page for a search cursor no address could hold (a NUL byte, a space)', async () => {
      const client = await rootAmong(await build(), numbered(3));
      for (const after of ['a%00b', 'a%20b']) {
        const page = (await client.get(`/users?q=user&after=${after}`).expect(200)).text;
        expect(listed(page), after).to.deep.equal(numbered(3));
      }
    });

    it('answers the 404 page for an id larger than any user can have, before asking any store', async () => {
      const built = await build();
      const client = await rootAmong(built, []);
      await client.get('/users/3000000000').expect(404);
      await client.post('/users/3000000000/delete').type('form').send({ confirm: 'yes' }).expect(404);
      await client.get('/users/2147483647').expect(404);
    });

    it('finds the addresses that start with the text, ignoring case, in email order, a page at a time', async () => {
      const client = await rootAmong(await build(), [...numbered(55), 'zed@user0.example']);

      const first = (await client.get('/users?q=%20USER0').expect(200)).text;

      expect(total(first)).to.equal('55 users');
      expect(listed(first)).to.deep.equal(numbered(50));
      expect(first).to.include('href="/users?q=USER0&amp;after=user050%40example.com"');
      const next = (await client.get('/users?q=USER0&after=user050%40example.com').expect(200)).text;
      expect(listed(next)).to.deep.equal(numbered(55).slice(50));
      expect(next).to.include('href="/users?q=USER0"');
    });

    it('finds an address by any part of it with a substring search', async () => {
      const client = await rootAmong(await build(), ['ada@example.com', 'bob@lovelace.org', 'lovelace@example.net']);

      const page = (await client.get('/users?q=LOVELACE&match=substring').expect(200)).text;

      expect(listed(page)).to.deep.equal(['bob@lovelace.org', 'lovelace@example.net']);
      expect(page).to.include('whose email contains “LOVELACE”');
    });

    it('takes % and _ as plain characters', async () => {
      const client = await rootAmong(await build(), ['a_b@example.com', 'axb@example.com', 'a%b@example.com']);

      expect(listed((await client.get('/users?q=a_&match=substring').expect(200)).text)).to.deep.equal(['a_b@example.com']);
      expect(listed((await client.get('/users?q=a%25').expect(200)).text)).to.deep.equal(['a%b@example.com']);
    });

    it('finds nobody, and fails nothing, for text no address can hold', async () => {
      const client = await rootAmong(await build(), ['ada@example.com']);

      for (const q of ["' or 1=1 --", 'ädä', 'a\\b', '<script>']) {
        const page = (await client.get(`/users?q=${encodeURIComponent(q)}&match=substring`).expect(200)).text;
        expect(total(page), q).to.equal('0 users');
      }
    });

    it('lists the administrators, the unverified addresses and the locked accounts', async () => {
      const built = await build();
      const client = await rootAmong(built, ['ada@example.com', 'bob@example.com']);
      await built.users.setLocked(3, true);
      await built.users.markEmailVerified(1);

      expect(listed((await client.get('/users?filter=admins').expect(200)).text)).to.deep.equal([ROOT.email]);
      expect(listed((await client.get('/users?filter=locked').expect(200)).text)).to.deep.equal(['bob@example.com']);
      const unverified = (await client.get('/users?filter=unverified').expect(200)).text;
      expect(listed(unverified)).to.deep.equal(['ada@example.com', 'bob@example.com']);
      expect(total(unverified)).to.equal('2 users');
    });

    it('searches within a filter', async () => {
      const built = await build();
      const client = await rootAmong(built, ['ada@example.com', 'adam@example.com']);
      await built.users.setLocked(3, true);

      const page = (await client.get('/users?q=ada&filter=locked').expect(200)).text;

      expect(listed(page)).to.deep.equal(['adam@example.com']);
    });

    it('refuses a search over 254 characters with a clear message, and takes one of 254', async () => {
      const client = await rootAmong(await build(), []);

      const refused = await client.get(`/users?q=${'a'.repeat(255)}`).expect(400);
      expect(problemOn(refused.text)).to.equal('A search can be at most 254 characters long: no email address is longer.');
      expect(listed(refused.text)).to.deep.equal([]);
      await client.get(`/users?q=${'a'.repeat(254)}`).expect(200);
    });

    it('sets a filter or a kind of search that does not exist aside, and says so', async () => {
      const client = await rootAmong(await build(), ['ada@example.com']);

      const filter = (await client.get('/users?filter=everyone').expect(200)).text;
      expect(problemOn(filter)).to.equal('There is no such filter, so every user is shown.');
      expect(total(filter)).to.equal('2 users');
      const match = (await client.get('/users?q=ex&match=regex').expect(200)).text;
      expect(problemOn(match)).to.equal(
        'There is no such kind of search, so the search finds the addresses that start with the text.',
      );
      expect(total(match)).to.equal('0 users');
    });

    it('treats a repeated parameter as absent', async () => {
      const client = await rootAmong(await build(), ['ada@example.com']);

      const page = (await client.get('/users?q=a&q=b&filter=admins&filter=locked').expect(200)).text;

      expect(total(page)).to.equal('2 users');
    });

    it('keeps the gates of /users: a visitor logs in first, a user who is no administrator is refused', async () => {
      const built = await build();
      await rootAmong(built, []);
      const anonymous = await browser(built.app).get('/users?q=root').expect(302);
      expect(anonymous.headers.location).to.equal('/login');
      const member = await signUp(built, { email: 'member@example.com', password: 'club-password-1' });
      const refused = await member.get('/users?q=root').expect(302);
      expect(refused.headers.location).to.equal('/users/profile');
      expect(flashOf((await member.get('/users/profile')).text, 'messageFailure')).to.equal('Admin only');
    });
  });
});
