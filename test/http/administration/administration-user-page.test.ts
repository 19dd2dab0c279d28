import { expect } from 'chai';
import { ADA, logIn, signUp, submit } from '../../support/accounts/account-client.js';
import { WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser, flashOf } from '../../support/test-app.js';

/** The value of a fact on the user's page. */
function fact(html: string, name: string): string | null {
  const match = new RegExp(`<dt>${name}</dt><dd[^>]*>(.*?)</dd>`).exec(html);
  return match ? (match[1] ?? '').replace(/<[^>]+>/g, '') : null;
}

describe('GET /users/:id', () => {
  onEveryBackend((build) => {
    it("shows the user's address, verification, admin flag, lock, live sessions and last login", async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await logIn(built, ADA);

      const page = (await root.get('/users/2').expect(200)).text;

      expect(page).to.include('<h1>ada@example.com</h1>');
      expect(fact(page, 'Email verified')).to.equal('Not yet');
      expect(fact(page, 'Administrator')).to.equal('No');
      expect(fact(page, 'Locked')).to.equal('No');
      // The sign-up's session and the login's.
      expect(fact(page, 'Live sessions')).to.equal('2');
      expect(fact(page, 'Last login')).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
      expect(page).to.include('action="/users/2/lock"');
    });

    it("shows the user's recent activity, newest first, an administrator's act with who did it", async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await logIn(built, ADA);
      await submit(root, '/users/2/lock', WITH_PASSWORD);

      const page = (await root.get('/users/2').expect(200)).text;

      const labels = [...page.matchAll(/<td[^>]*><time[^>]*>[^<]*<\/time><\/td><td[^>]*>([^<]*)<\/td>/g)].map((match) => match[1]);
      expect(labels).to.deep.equal(['Account locked by an administrator (#1)', 'Logged in', 'Signed up']);
    });

    it('says "Never" for a user who never logged in through the form, and shows a lock with its time', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await built.users.setLocked(2, true);

      const page = (await root.get('/users/2').expect(200)).text;

      expect(fact(page, 'Last login')).to.equal('Never');
      expect(fact(page, 'Locked')).to.match(/^Yes, since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
      expect(page).to.include('action="/users/2/unlock"');
    });

    it('gives the 404 page for an id no user has', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      for (const path of ['/users/3', '/users/2147483648', '/users/9007199254740991']) {
        expect((await root.get(path).expect(404)).text, path).to.include('Page not found');
      }
    });

    it('gives the 404 page for an id that is not a plain number, before any gate', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      const anonymous = browser(built.app);

      for (const path of ['/users/abc', '/users/2abc', '/users/02', '/users/-2', '/users/1.5', '/users/1e3', '/users/99999999999999999']) {
        await root.get(path).expect(404);
        await anonymous.get(path).expect(404);
      }
      await root.post('/users/abc/lock').type('form').send({}).expect(404);
    });

    it('keeps /users/profile as it was', async () => {
      const built = await build();
      const { ada } = await rootAndAda(built);

      const profile = (await ada.get('/users/profile').expect(200)).text;

      expect(profile).to.include('Your profile');
      expect((await browser(built.app).get('/users/profile')).headers.location).to.equal('/login');
    });

    it('answers a visitor with /login and a user who is no administrator with "Admin only", as /users does', async () => {
      const built = await build();
      const { ada } = await rootAndAda(built);

      const anonymous = await browser(built.app).get('/users/1').expect(302);
      expect(anonymous.headers.location).to.equal('/login');
      const member = await ada.get('/users/1').expect(302);
      expect(member.headers.location).to.equal('/users/profile');
      expect(flashOf((await ada.get('/users/profile')).text, 'messageFailure')).to.equal('Admin only');
      // Gates first, then the id: a user who is no administrator learns nothing of which ids exist.
      expect((await ada.get('/users/99').expect(302)).headers.location).to.equal('/users/profile');
    });

    it('answers 405 to a method the page does not take, and GET on an action', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);

      expect((await root.post('/users/2').type('form').send({}).expect(405)).headers.allow).to.equal('GET, HEAD');
      expect((await root.get('/users/2/lock').expect(405)).headers.allow).to.equal('POST');
      expect((await root.put('/users/2/delete').expect(405)).headers.allow).to.equal('GET, HEAD, POST');
    });

    it('refuses an action of a user who is no administrator at the gate, changing nothing', async () => {
      const built = await build();
      await rootAndAda(built);
      const member = await signUp(built, { email: 'member@example.com', password: 'club-password-1' });

      const refused = await member.post('/users/2/lock').type('form').send({ sudoPassword: 'club-password-1' }).expect(302);

      expect(refused.headers.location).to.equal('/users/profile');
      expect((await built.users.findById(2))?.lockedAt).to.equal(null);
    });
  });
});
