import bcrypt from 'bcrypt';
import { expect } from 'chai';
import supertest from 'supertest';
import type { PasswordHasher } from '../../../src/application/shared/ports/password-hasher.js';
import type { UserRepository } from '../../../src/application/shared/ports/user-repository.js';
import { Email } from '../../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { KnexOneTimeTokens } from '../../../src/infrastructure/links/knex-one-time-tokens.js';
import { sqlTransactions } from '../../support/test-container.js';
import { KnexUserRepository } from '../../../src/infrastructure/shared/users/knex-user-repository.js';
import { BcryptPasswordHasher } from '../../../src/infrastructure/shared/passwords/bcrypt-password-hasher.js';
import { FakePasswordHasher } from '../../support/fake-password-hasher.js';
import { browser, buildTestApp, flashOf, showsLoggedIn } from '../../support/test-app.js';

/** Users that count how often they are asked, to show a request never reached them. */
class CountingUsers extends InMemoryUserRepository {
  reads = 0;
  override async findByEmail(email: Email) {
    this.reads += 1;
    return super.findByEmail(email);
  }
}

/** A hasher that records the hashes it was asked to compare with (null: the dummy). */
class RecordingHasher implements PasswordHasher {
  readonly compared: (string | null)[] = [];
  constructor(private readonly inner: PasswordHasher) {}
  hash(password: string) {
    return this.inner.hash(password);
  }
  verify(password: string, hash: string | null) {
    this.compared.push(hash);
    return this.inner.verify(password, hash);
  }
  needsRehash(hash: string) {
    return this.inner.needsRehash(hash);
  }
}

async function postLogin(app: ReturnType<typeof buildTestApp>['app'], form: Record<string, string> | string) {
  const client = browser(app);
  const response = await client.post('/login').type('form').send(form);
  const page = await client.get('/login');
  return {
    status: response.status,
    location: response.headers.location,
    cookies: ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((c) => c.split('=')[0]),
    flash: flashOf(page.text, 'messageFailure'),
  };
}

describe('credentials', () => {
  describe('an unknown email and a wrong password', () => {
    it('get the same status, redirect, cookies and flash, each after one bcrypt comparison', async () => {
      const hasher = new RecordingHasher(new BcryptPasswordHasher(4));
      const built = buildTestApp({ hasher });
      await browser(built.app).post('/signup').type('form').send({ email: 'ada@example.com', password: 'analytical' });
      hasher.compared.length = 0;

      const wrong = await postLogin(built.app, { email: 'ada@example.com', password: 'not-analytical' });
      const unknown = await postLogin(built.app, { email: 'nobody@example.com', password: 'not-analytical' });

      expect(unknown).to.deep.equal(wrong);
      expect(wrong.flash).to.equal('Invalid email and/ or password.');
      // Without the dummy hash the unknown email would skip bcrypt and answer faster.
      expect(hasher.compared).to.have.length(2);
      expect(hasher.compared[0]).to.match(/^\$2b\$04\$/);
      expect(hasher.compared[1]).to.equal(null);
    });
  });

  it('refuses an over-long password at login without hashing it', async () => {
    const built = buildTestApp();
    await browser(built.app).post('/signup').type('form').send({ email: 'ada@example.com', password: 'analytical' });
    const hasher = built.hasher as FakePasswordHasher;
    const before = { ...hasher.calls };

    const result = await postLogin(built.app, { email: 'ada@example.com', password: 'analytical'.repeat(100) });

    expect(result.flash).to.equal('Invalid email and/ or password.');
    expect(hasher.calls).to.deep.equal(before);
  });

  describe('hash upgrade', () => {
    async function withCost4User() {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      const users = new KnexUserRepository(db);
      const email = Email.parse('old@example.com') as Email;
      await users.create({ email, passwordHash: await bcrypt.hash('an old secret', 4), phone: null });
      const accounts = { transactions: sqlTransactions(db), tokens: new KnexOneTimeTokens(db), queuedMail: async () => [] };
      const built = buildTestApp({ users, hasher: new BcryptPasswordHasher(10), accounts });
      return { built, db, users, email };
    }

    it('rehashes a cost-4 bcrypt hash at cost 10 at the next successful login', async () => {
      const { built, db, users, email } = await withCost4User();
      try {
        const login = await postLogin(built.app, { email: 'old@example.com', password: 'an old secret' });
        expect(login.location).to.equal('/');

        const stored = (await users.findByEmail(email))?.passwordHash ?? '';
        expect(bcrypt.getRounds(stored)).to.equal(10);
        expect(await bcrypt.compare('an old secret', stored)).to.equal(true);
        expect((await postLogin(built.app, { email: 'old@example.com', password: 'an old secret' })).location).to.equal(
          '/',
        );
      } finally {
        await db.destroy();
      }
    });

    it('keeps the old hash after a failed login', async () => {
      const { built, db, users, email } = await withCost4User();
      try {
        await postLogin(built.app, { email: 'old@example.com', password: 'a wrong secret' });
        expect(bcrypt.getRounds((await users.findByEmail(email))?.passwordHash ?? '')).to.equal(4);
      } finally {
        await db.destroy();
      }
    });
  });

  describe('where credentials are read from', () => {
    for (const path of ['/login', '/signup']) {
      it(`ignores credentials in the query string of POST ${path}`, async () => {
        const users = new CountingUsers();
        const built = buildTestApp({ users });
        await browser(built.app)
          .post('/signup')
          .type('form')
          .send({ email: 'ada@example.com', password: 'analytical' });
        const reads = users.reads;

        const response = await supertest(built.app.callback())
          .post(`${path}?email=ada%40example.com&password=analytical`)
          .type('form')
          .send('');

        expect(response.headers.location).to.equal(path);
        expect(users.reads).to.equal(reads);
        expect((await users.list({ afterId: null, limit: 10 })).length).to.equal(1);
      });
    }

    const malformed: [string, string][] = [
      ['an email sent twice', 'email=ada%40example.com&email=b%40example.com&password=analytical'],
      ['a password sent twice', 'email=ada%40example.com&password=analytical&password=analytical'],
      ['an email as an object (a[b]=)', 'email[x]=ada%40example.com&password=analytical'],
      ['a password as an object (a[b]=)', 'email=ada%40example.com&password[x]=analytical'],
      ['an email as a dotted name (a.b=)', 'email.x=ada%40example.com&password=analytical'],
      ['a password as a dotted name (a.b=)', 'email=ada%40example.com&password.x=analytical'],
      ['an empty form', ''],
      ['empty fields', 'email=&password='],
    ];
    for (const path of ['/login', '/signup']) {
      for (const [label, body] of malformed) {
        it(`refuses ${label} on POST ${path} before passport or the user store see it`, async () => {
          const users = new CountingUsers();
          const hasher = new FakePasswordHasher();
          const built = buildTestApp({ users, hasher });
          if (path === '/login') {
            await browser(built.app)
              .post('/signup')
              .type('form')
              .send({ email: 'ada@example.com', password: 'analytical' });
          }
          const reads = users.reads;
          const calls = { ...hasher.calls };
          const client = browser(built.app);

          const response = await client.post(path).type('form').send(body);

          expect(response.status).to.equal(302);
          expect(response.headers.location).to.equal(path);
          const page = await client.get(path).expect(200);
          const flash = flashOf(page.text, 'messageFailure');
          expect(flash).to.be.a('string').and.not.to.equal('Missing credentials');
          expect(page.text).not.to.include('Missing credentials');
          expect(showsLoggedIn(page.text)).to.equal(false);
          expect(users.reads).to.equal(reads);
          expect(hasher.calls).to.deep.equal(calls);
        });
      }
    }
  });

  describe('passwords at sign-up', () => {
    it('keeps every character exactly: NUL, emoji and outer spaces round-trip into a login', async () => {
      const built = buildTestApp({ hasher: new BcryptPasswordHasher(4) });
      const password = ' pa\u0000ss 😀 wörd ';
      await browser(built.app).post('/signup').type('form').send({ email: 'exact@example.com', password }).expect(302);

      expect((await postLogin(built.app, { email: 'exact@example.com', password })).location).to.equal('/');
      for (const near of [password.trim(), ' pa', ' pa\u0000ss', ' pass 😀 wörd ', ' pa\u0000ss 😀 word ']) {
        expect((await postLogin(built.app, { email: 'exact@example.com', password: near })).location).to.equal(
          '/login',
        );
      }
    });

    for (const [label, password, message] of [
      [
        'fewer than 8 characters (emoji count as one)',
        '😀😀😀😀😀😀😀',
        'Password must be at least 8 characters long.',
      ],
      [
        'more than 72 bytes of UTF-8',
        '😀'.repeat(18) + 'x',
        'Password must be at most 72 bytes long (fewer when it uses non-Latin characters or emoji).',
      ],
      [
        'one of the most common passwords',
        'password1',
        'This password is one of the most common passwords. Please choose one that is harder to guess.',
      ],
      [
        'a common password in other letter case',
        'SunShine',
        'This password is one of the most common passwords. Please choose one that is harder to guess.',
      ],
    ] as const) {
      it(`refuses ${label} with its own message and creates nothing`, async () => {
        const built = buildTestApp();
        const client = browser(built.app);

        const response = await client.post('/signup').type('form').send({ email: 'pw@example.com', password });

        expect(response.headers.location).to.equal('/signup');
        expect(flashOf((await client.get('/signup')).text, 'messageFailure')).to.equal(message);
        expect(await built.users.findByEmail(Email.parse('pw@example.com') as Email)).to.equal(null);
      });
    }

    it('accepts 8 emoji (8 characters, 32 bytes)', async () => {
      const built = buildTestApp();
      const response = await browser(built.app)
        .post('/signup')
        .type('form')
        .send({ email: 'emoji@example.com', password: '😀'.repeat(8) });
      expect(response.headers.location).to.equal('/users/profile');
    });
  });

  it('ignores extra sign-up fields: no admin flag, id, hash or date can be set through the form', async () => {
    const users: UserRepository = new InMemoryUserRepository();
    const built = buildTestApp({ users });
    await browser(built.app)
      .post('/signup')
      .type('form')
      .send({
        email: 'mass@example.com',
        password: 'password-1',
        admin: '1',
        id: '99',
        passwordHash: 'x',
        password_hash: 'x',
        createdAt: '2000-01-01',
      })
      .expect(302);

    const user = await users.findByEmail(Email.parse('mass@example.com') as Email);
    expect(user?.id).to.equal(1);
    expect(user?.admin).to.equal(false);
    expect(user?.passwordHash).to.equal('fake$10$password-1');
    expect(user?.createdAt.getTime()).to.be.greaterThan(Date.now() - 60_000);
  });
});
