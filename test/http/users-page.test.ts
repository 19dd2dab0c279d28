import { expect } from 'chai';
import { Email } from '../../src/domain/email.js';
import { browser, buildTestApp } from '../support/test-app.js';

describe('GET /users', () => {
  it('lists 50 users a page in id order and links to the next page by keyset', async () => {
    const built = buildTestApp();
    for (let i = 1; i <= 120; i += 1) {
      const email = Email.parse(`user${String(i).padStart(3, '0')}@example.com`) as Email;
      await built.users.create({ email, passwordHash: await built.hasher.hash('password-1'), phone: null });
    }
    await built.setAdminFlag.execute({ email: 'user001@example.com', admin: true });
    const client = browser(built.app);
    await client.post('/login').type('form').send({ email: 'user001@example.com', password: 'password-1' }).expect(302);

    const emailsOn = (html: string) => [...html.matchAll(/user(\d{3})@example\.com/g)].map((m) => Number(m[1]));
    const first = await client.get('/users').expect(200);
    expect(emailsOn(first.text)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(first.text).to.include('href="/users?after=50"');

    const third = await client.get('/users?after=100').expect(200);
    expect(emailsOn(third.text)).to.deep.equal(Array.from({ length: 20 }, (_, i) => i + 101));
    expect(third.text).not.to.include('/users?after=');
  });
});
