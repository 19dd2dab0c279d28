import { expect } from 'chai';
import supertest from 'supertest';
import type { UserRepository } from '../../../src/application/shared/ports/user-repository.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';

type Client = ReturnType<typeof browser>;
type Method = 'get' | 'head' | 'post' | 'put' | 'delete' | 'patch';

async function signedIn(built: TestApp, email = 'member@example.com'): Promise<Client> {
  const client = browser(built.app);
  await client.post('/signup').type('form').send({ email, password: 'password-1' }).expect(302);
  await client.get('/users/profile').expect(200);
  return client;
}

async function expectGate(client: Client, method: Method, path: string, location: string, failure: string) {
  const response = await client[method](path).expect(302);
  expect(response.headers.location).to.equal(location);
  expect(flashOf((await client.get(location).expect(200)).text, 'messageFailure')).to.equal(failure);
}

/** Spellings and methods that must meet the same gates as GET on the canonical path. */
const variants: readonly { method: Method; path: (canonical: string) => string }[] = [
  { method: 'get', path: (p) => p.toUpperCase() },
  { method: 'get', path: (p) => `${p}/` },
  { method: 'head', path: (p) => p },
  { method: 'post', path: (p) => p },
  { method: 'put', path: (p) => p },
  { method: 'delete', path: (p) => p },
  { method: 'patch', path: (p) => `${p.toUpperCase()}/` },
];

describe('gates on every spelling and method of a gated path', () => {
  onEveryBackend((build) => {
    for (const [path, gate] of [
      ['/admin', 'loginRequired'],
      ['/users', 'loginRequired'],
      ['/users/profile', 'loginRequired'],
      ['/special', 'signupRequired'],
    ] as const) {
      const [location, failure] =
        gate === 'loginRequired' ? ['/login', 'Must be logged in'] : ['/signup', 'Must be signed up'];
      for (const variant of variants) {
        const target = variant.path(path);
        it(`sends an anonymous ${variant.method.toUpperCase()} ${target} to ${location} with "${failure}"`, async () => {
          await expectGate(browser((await build()).app), variant.method, target, location, failure);
        });
      }
    }

    for (const path of ['/admin', '/users']) {
      for (const variant of variants) {
        const target = variant.path(path);
        it(`sends a non-administrator's ${variant.method.toUpperCase()} ${target} to /users/profile with "Admin only"`, async () => {
          await expectGate(await signedIn(await build()), variant.method, target, '/users/profile', 'Admin only');
        });
      }
    }

    it('answers an administrator 405 with Allow: GET, HEAD for a POST /admin, after the gates', async () => {
      const built = await build();
      const client = await signedIn(built, 'boss@example.com');
      await built.setUserAdmin.execute({ user: { email: 'boss@example.com' }, admin: true });

      const response = await client.post('/admin').expect(405);

      expect(response.headers.allow).to.equal('GET, HEAD');
      expect(response.type).to.equal('text/html');
      await client.get('/ADMIN/').expect(200);
      await client.head('/admin').expect(200);
    });

    it('answers a POST to a public page with a 405 page, not an empty body', async () => {
      const response = await supertest((await build()).app.callback()).post('/').expect(405);
      expect(response.headers.allow).to.include('GET');
      expect(response.text).to.include('Method not allowed');
    });
  });

});

describe('a database error during the admin check', () => {
  /** Users that work, except that reading one by id fails once `broken` is set. */
  function flakyUsers(): { users: UserRepository; break(): void } {
    const inner = new InMemoryUserRepository();
    let broken = false;
    const users: UserRepository = Object.create(inner) as UserRepository;
    users.findById = (id) => (broken ? Promise.reject(new Error('connection lost')) : inner.findById(id));
    return { users, break: () => (broken = true) };
  }

  for (const path of ['/admin', '/users']) {
    it(`never grants ${path}, even to an administrator: an error page, no admin content`, async () => {
      const { users, break: breakDatabase } = flakyUsers();
      const built = buildTestApp({ users, options: { production: true } });
      const client = await signedIn(built, 'boss@example.com');
      await built.setUserAdmin.execute({ user: { email: 'boss@example.com' }, admin: true });
      await client.get(path).expect(200);
      built.app.silent = true;

      breakDatabase();
      const response = await client.get(path);

      expect(response.status).to.be.at.least(500);
      expect(response.text).not.to.include('This page is for administrators only');
      expect(response.text).not.to.include('boss@example.com');
      expect(response.text).not.to.include('connection lost');
    });
  }
});
