import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcrypt';
import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { Argon2idPasswordHasher } from '../../../src/infrastructure/shared/passwords/argon2id-password-hasher.js';
import { BcryptPasswordHasher } from '../../../src/infrastructure/shared/passwords/bcrypt-password-hasher.js';
import { UpgradingPasswordHasher } from '../../../src/infrastructure/shared/passwords/upgrading-password-hasher.js';
import { buildGatehouseApp, type GatehouseApp } from '../../support/gatehouse-app.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

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
    await built.setUserAdmin.execute({ user: { email: 'root@example.com' }, admin: true });
    const hash = (await built.users.findByEmail(Email.parse('root@example.com') as Email))?.passwordHash ?? '';
    expect(hash).to.have.length.greaterThan(0);

    for (const path of ['/', '/special', '/users/profile', '/admin', '/users', '/login', '/signup']) {
      const page = await client.get(path).expect(200);
      expect(page.text, path).not.to.include(hash);
      expect(page.text, path).not.to.include('password-1');
    }
  });

  it('answers "Invalid email and/ or password.", not an error page, for an account whose hash is damaged', async () => {
    const built = buildTestApp({
      hasher: new UpgradingPasswordHasher(new BcryptPasswordHasher(4), [new Argon2idPasswordHasher()]),
    });
    for (const [n, passwordHash] of ['', 'garbage', '$2b$04$short', '$argon2id$v=19$m=19456,t=2,p=1$x$y'].entries()) {
      const email = `damaged-${n}@example.com`;
      await built.users.create({ email: Email.parse(email) as Email, passwordHash, phone: null });
      const client = browser(built.app);

      const login = await client.post('/login').type('form').send({ email, password: 'a long secret' });

      expect(login.status, passwordHash).to.equal(302);
      expect(login.headers.location, passwordHash).to.equal('/login');
      expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal('Invalid email and/ or password.');
    }
  });

  describe('switching PASSWORD_HASHER on one database', () => {
    let dir: string;
    const open: GatehouseApp[] = [];
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'gatehouse-hasher-switch-'));
    });
    afterEach(async () => {
      await Promise.all(open.splice(0).map((started) => started.close()));
      rmSync(dir, { recursive: true, force: true });
    });

    /** The app as `npm start` builds it on the shared SQLite file, hashing with `algorithm`. */
    async function appHashingWith(algorithm: 'bcrypt' | 'argon2id') {
      const started = await buildGatehouseApp({
        DATABASE_URL: `sqlite:${join(dir, 'gatehouse.sqlite')}`,
        SESSION_KEYS: 'password-storage-test-key',
        PASSWORD_HASHER: algorithm,
      });
      open.push(started);
      const post = async (path: string, email: string, password: string) =>
        (await browser(started.app).post(path).type('form').send({ email, password })).headers.location;
      const signUp = async (email: string, password: string) =>
        expect(await post('/signup', email, password)).to.equal('/users/profile');
      const logIn = (email: string, password: string) => post('/login', email, password);
      const storedHash = async (email: string) =>
        (await started.get(sharedIds.users).findByEmail(Email.parse(email) as Email))?.passwordHash ?? '';
      return { signUp, logIn, storedHash, app: started.app };
    }

    it('keeps bcrypt accounts working after a switch to argon2id, and upgrades each at its next login', async () => {
      const onBcrypt = await appHashingWith('bcrypt');
      await onBcrypt.signUp('ada@example.com', 'a long secret');
      await onBcrypt.signUp('bob@example.com', 'another secret');
      const bcryptHash = await onBcrypt.storedHash('ada@example.com');
      expect(bcryptHash).to.match(/^\$2b\$10\$/);

      const onArgon2id = await appHashingWith('argon2id');
      expect(await onArgon2id.logIn('ada@example.com', 'a long secret')).to.equal('/');

      const upgraded = await onArgon2id.storedHash('ada@example.com');
      expect(upgraded).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await new Argon2idPasswordHasher().verify('a long secret', upgraded)).to.equal(true);
      expect(await onArgon2id.logIn('ada@example.com', 'a long secret')).to.equal('/');
      expect(await onArgon2id.storedHash('ada@example.com')).to.equal(upgraded);
      // An account that has not logged in since keeps its bcrypt hash, and a failed login changes nothing.
      expect(await onArgon2id.logIn('bob@example.com', 'a wrong secret')).to.equal('/login');
      expect(await onArgon2id.storedHash('bob@example.com')).to.match(/^\$2b\$10\$/);
      expect(await onArgon2id.logIn('bob@example.com', 'another secret')).to.equal('/');
      expect(await onArgon2id.storedHash('bob@example.com')).to.match(/^\$argon2id\$/);
    });

    it('stores 64 emoji as an argon2id hash with argon2id, and bcrypt still refuses them, storing nothing', async () => {
      const password = '😀🔐🌏🎉'.repeat(16);
      const onArgon2id = await appHashingWith('argon2id');
      await onArgon2id.signUp('ada@example.com', password);
      expect(await onArgon2id.storedHash('ada@example.com')).to.match(/^\$argon2id\$v=19\$/);
      expect(await onArgon2id.logIn('ada@example.com', password)).to.equal('/');

      const onBcrypt = await appHashingWith('bcrypt');
      await onBcrypt.signUp('grace@example.com', 'a long secret');
      expect(await onBcrypt.storedHash('grace@example.com')).to.match(/^\$2b\$10\$/);
      await browser(onBcrypt.app).post('/signup').type('form').send({ email: 'bob@example.com', password }).expect(302);
      expect(await onBcrypt.storedHash('bob@example.com')).to.equal('');
    });

    it('keeps argon2id accounts working after a switch back to bcrypt, and rehashes each with bcrypt at login', async () => {
      const onArgon2id = await appHashingWith('argon2id');
      await onArgon2id.signUp('ada@example.com', 'a long secret');
      expect(await onArgon2id.storedHash('ada@example.com')).to.match(/^\$argon2id\$/);

      const onBcrypt = await appHashingWith('bcrypt');
      expect(await onBcrypt.logIn('ada@example.com', 'a long secret')).to.equal('/');

      const stored = await onBcrypt.storedHash('ada@example.com');
      expect(stored).to.match(/^\$2b\$10\$/);
      expect(await bcrypt.compare('a long secret', stored)).to.equal(true);
    });
  });
});
