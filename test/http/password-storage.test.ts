import bcrypt from 'bcrypt';
import { expect } from 'chai';
import { Email } from '../../src/domain/email.js';
import { BcryptPasswordHasher } from '../../src/infrastructure/security/bcrypt-password-hasher.js';
import { browser, buildTestApp } from '../support/test-app.js';

describe('password storage', () => {
  it('stores a bcrypt hash of cost 10 that matches the password, and logs in with it', async () => {
    const built = buildTestApp({ hasher: new BcryptPasswordHasher() });
    await browser(built.app)
      .post('/signup')
      .type('form')
      .send({ email: 'hash@example.com', password: 'a long secret' });

    const user = await built.users.findByEmail(Email.parse('hash@example.com') as Email);
    const hash = user?.passwordHash ?? '';
    expect(hash).to.match(/^\$2[aby]\$10\$/);
    expect(bcrypt.getRounds(hash)).to.equal(10);
    expect(await bcrypt.compare('a long secret', hash)).to.equal(true);

    const login = await browser(built.app)
      .post('/login')
      .type('form')
      .send({ email: 'hash@example.com', password: 'a long secret' });
    expect(login.headers.location).to.equal('/');
  });

  it('never shows a password hash on any page, the admin list included', async () => {
    const built = buildTestApp();
    const client = browser(built.app);
    await client.post('/signup').type('form').send({ email: 'root@example.com', password: 'password-1', phone: '42' });
    await built.setAdminFlag.execute({ email: 'root@example.com', admin: true });
    const hash = (await built.users.findByEmail(Email.parse('root@example.com') as Email))?.passwordHash ?? '';
    expect(hash).to.have.length.greaterThan(0);

    for (const path of ['/', '/special', '/users/profile', '/admin', '/users', '/login', '/signup']) {
      const page = await client.get(path).expect(200);
      expect(page.text, path).not.to.include(hash);
      expect(page.text, path).not.to.include('password-1');
    }
  });
});
