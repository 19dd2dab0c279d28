import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser, type TestApp } from '../../support/test-app.js';

/** Creates `count` users user001@… onwards (one shared hash), makes the first an administrator, and logs it in. */
async function adminAmong(built: TestApp, count: number) {
  const passwordHash = await built.hasher.hash('password-1');
  for (let i = 1; i <= count; i += 1) {
    const email = Email.parse(`user${String(i).padStart(3, '0')}@example.com`) as Email;
    await built.users.create({ email, passwordHash, phone: null });
  }
  await built.setUserAdmin.execute({ user: { email: 'user001@example.com' }, admin: true });
  const client = browser(built.app);
  await client.post('/login').type('form').send({ email: 'user001@example.com', password: 'password-1' }).expect(302);
  return client;
}

const emailsOn = (html: string) => [...html.matchAll(/user(\d{3})@example\.com/g)].map((m) => Number(m[1]));

describe('GET /users', () => {
  onEveryBackend((build) => {
    it('lists 50 users a page in id order and links to the next page by keyset', async () => {
      const client = await adminAmong(await build(), 120);

      const first = await client.get('/users').expect(200);
      expect(emailsOn(first.text)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(first.text).to.include('href="/users?after=50"');

      const third = await client.get('/users?after=100').expect(200);
      expect(emailsOn(third.text)).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 101));
      expect(third.text).not.to.include('/users?after=');
    });

    it('shows an empty page after an id larger than any user’s, however large', async () => {
      const client = await adminAmong(await build(), 1);

      for (const after of ['2147483648', '999999999999999']) {
        const page = await client.get(`/users?after=${after}`).expect(200);
        expect(emailsOn(page.text)).to.deep.equal([]);
      }
    });
  });
});
