import { expect } from 'chai';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser, flashOf, type TestApp } from '../../support/test-app.js';

async function signedIn(built: TestApp, email = 'member@example.com') {
  const client = browser(built.app);
  await client.post('/signup').type('form').send({ email, password: 'password-1' }).expect(302);
  await client.get('/users/profile'); // consume the sign-up flash
  return client;
}

async function expectRedirectWithFailure(client: ReturnType<typeof browser>, path: string, to: string, text: string) {
  const response = await client.get(path).expect(302);
  expect(response.headers.location).to.equal(to);
  const page = await client.get(to).expect(200);
  expect(flashOf(page.text, 'messageFailure')).to.equal(text);
  expect(flashOf((await client.get(to)).text, 'messageFailure')).to.equal(null);
}

describe('gates', () => {
  onEveryBackend((build) => {
    describe('anonymous visitors', () => {
      it('see the home, sign-up and login pages', async () => {
        const client = browser((await build()).app);
        for (const path of ['/', '/signup', '/login']) await client.get(path).expect(200);
      });

      it('are sent from /users/profile to /login with "Must be logged in"', async () => {
        await expectRedirectWithFailure(browser((await build()).app), '/users/profile', '/login', 'Must be logged in');
      });

      it('are sent from /special to /signup with "Must be signed up", not to /login', async () => {
        await expectRedirectWithFailure(browser((await build()).app), '/special', '/signup', 'Must be signed up');
      });

      for (const path of ['/admin', '/users']) {
        it(`are sent from ${path} to /login with "Must be logged in" (loginRequired answers first)`, async () => {
          await expectRedirectWithFailure(browser((await build()).app), path, '/login', 'Must be logged in');
        });
      }
    });

    describe('logged-in users', () => {
      it('see /special and /users/profile', async () => {
        const client = await signedIn(await build());
        await client.get('/special').expect(200);
        const profile = await client.get('/users/profile').expect(200);
        expect(profile.text).to.include('member@example.com');
      });

      for (const path of ['/admin', '/users']) {
        it(`are sent from ${path} to /users/profile with "Admin only" when not administrators`, async () => {
          await expectRedirectWithFailure(await signedIn(await build()), path, '/users/profile', 'Admin only');
        });
      }
    });

    describe('administrators', () => {
      it('granted through the CLI code path reach /admin and /users in the same session', async () => {
        const built = await build();
        const client = await signedIn(built, 'boss@example.com');
        await client.get('/admin').expect(302);

        const grant = await built.setUserAdmin.execute({ user: { email: 'boss@example.com' }, admin: true });
        expect(grant).to.deep.include({ kind: 'ok', changed: true });

        await client.get('/admin').expect(200);
        const list = await client.get('/users').expect(200);
        expect(list.text).to.include('boss@example.com');
      });

      it('lose access on the next request once the flag is revoked', async () => {
        const built = await build();
        const client = await signedIn(built, 'boss@example.com');
        await built.setUserAdmin.execute({ user: { email: 'boss@example.com' }, admin: true });
        await client.get('/admin').expect(200);

        // Cleared in the record alone (as by SQL), so the session lives on: the gate reads the flag afresh.
        await built.users.setAdmin(1, false);

        await expectRedirectWithFailure(client, '/admin', '/users/profile', 'Admin only');
      });

      it('stay logged in when the flag is revoked through the CLI, and their next /admin answers "Admin only"', async () => {
        const built = await build();
        const client = await signedIn(built, 'boss@example.com');
        await built.setUserAdmin.execute({ user: { email: 'boss@example.com' }, admin: true });
        await client.get('/admin').expect(200);
        // Another administrator who can log in, so the flag may go.
        await signedIn(built, 'root@example.com');
        await built.setUserAdmin.execute({ user: { email: 'root@example.com' }, admin: true });

        const revoke = await built.setUserAdmin.execute({ user: { email: 'boss@example.com' }, admin: false });
        expect(revoke).to.deep.include({ kind: 'ok', changed: true });

        await expectRedirectWithFailure(client, '/admin', '/users/profile', 'Admin only');
        await client.get('/users/profile').expect(200);
      });
    });
  });

});
