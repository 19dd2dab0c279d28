import { expect } from 'chai';
import type { UserRepository } from '../../../src/application/shared/ports/user-repository.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { testContainer } from '../../support/test-container.js';
import { browser, buildTestApp, type TestApp } from '../../support/test-app.js';

async function member(built: TestApp, email: string) {
  const client = browser(built.app);
  await client.post('/signup').type('form').send({ email, password: 'password-1' }).expect(302);
  return client;
}

/** The pages a logged-in member can open, each with its own layout render (a 404 and a sudo page included). */
const MEMBER_PAGES: ReadonlyArray<{ path: string; open: (client: ReturnType<typeof browser>) => Promise<{ text: string }> }> = [
  ...['/', '/special', '/users/profile', '/account', '/account/sessions', '/account/two-factor', '/account/passkeys', '/account/activity'].map(
    (path) => ({ path, open: (client: ReturnType<typeof browser>) => client.get(path).expect(200) }),
  ),
  { path: '/no/such/page', open: (client) => client.get('/no/such/page').expect(404) },
  { path: 'the password page before a two-factor setup', open: (client) => client.post('/account/two-factor/setup').expect(200) },
];

/** Whether the page's navigation offers the administrator's pages. */
function adminLinks(html: string): { admin: boolean; users: boolean } {
  return { admin: html.includes('<a href="/admin"'), users: html.includes('<a href="/users"') };
}

/** The users of a fresh app, counting the reads of one record by id. */
function countingUserReads() {
  const built = testContainer();
  const users = built.get(sharedIds.users);
  const reads = { byId: 0 };
  const counting = new Proxy(users, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]): unknown => {
        if (property === 'findById') reads.byId++;
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  }) as UserRepository;
  built.replace(sharedIds.users, counting);
  return { app: built.get(sharedIds.app), users, reads };
}

function currentLinks(html: string): string[] {
  return [...html.matchAll(/<a href="([^"]+)" aria-current="page">/g)].map((match) => match[1] ?? '');
}

describe('navigation', () => {
  it('marks the current page, and only it, with aria-current', async () => {
    const client = browser(buildTestApp().app);
    expect(currentLinks((await client.get('/').expect(200)).text)).to.deep.equal(['/']);
    expect(currentLinks((await client.get('/login').expect(200)).text)).to.deep.equal(['/login']);
    expect(currentLinks((await client.get('/signup').expect(200)).text)).to.deep.equal(['/signup']);
  });

  it('offers "Log out" on every page a logged-in member can open', async () => {
    const client = await member(buildTestApp(), 'member@example.com');
    for (const { path, open } of MEMBER_PAGES) {
      expect((await open(client)).text, path).to.match(/<a href="\/logout">Log out<\/a>/);
    }
  });

  it('offers no admin links to a member who is not an administrator', async () => {
    const client = await member(buildTestApp(), 'member@example.com');
    const profile = await client.get('/users/profile').expect(200);

    expect(profile.text).not.to.include('href="/admin"');
    expect(profile.text).not.to.include('href="/users"');
  });

  it('offers the admin page and the users list on the profile once the record says admin', async () => {
    const built = buildTestApp();
    const client = await member(built, 'boss@example.com');
    await built.setUserAdmin.execute({ user: { email: 'boss@example.com' }, admin: true });

    const profile = await client.get('/users/profile').expect(200);
    const users = await client.get('/users').expect(200);

    expect(profile.text).to.include('href="/admin"');
    expect(currentLinks(users.text)).to.deep.equal(['/users']);
    expect(users.text).to.include('<caption id="users-caption">');
  });

  it('offers the admin page and the users list on every page to an administrator', async () => {
    const built = buildTestApp();
    const client = await member(built, 'boss@example.com');
    await built.users.setAdmin(1, true);

    for (const { path, open } of MEMBER_PAGES) {
      expect(adminLinks((await open(client)).text), path).to.deep.equal({ admin: true, users: true });
    }
  });

  it('offers them on no page to a member, and takes them away from the next page once the flag is revoked', async () => {
    const built = buildTestApp();
    const client = await member(built, 'boss@example.com');
    await built.users.setAdmin(1, true);
    expect(adminLinks((await client.get('/').expect(200)).text)).to.deep.equal({ admin: true, users: true });
    await built.users.setAdmin(1, false);

    for (const { path, open } of MEMBER_PAGES) {
      expect(adminLinks((await open(client)).text), path).to.deep.equal({ admin: false, users: false });
    }
  });

  it('offers them to no one whose account is locked', async () => {
    const built = buildTestApp();
    const client = await member(built, 'boss@example.com');
    await built.users.setAdmin(1, true);
    await built.users.setLocked(1, true);
    // A lock ends the sessions; a session that outlived it still sees no admin links.
    expect(adminLinks((await client.get('/').expect(200)).text)).to.deep.equal({ admin: false, users: false });
  });

  it('reads no user record for an anonymous visitor, and one for a logged-in page', async () => {
    const { app, reads } = countingUserReads();
    const visitor = browser(app);
    for (const path of ['/', '/login', '/signup', '/password/forgot']) await visitor.get(path).expect(200);
    await visitor.get('/no/such/page').expect(404);
    expect(reads.byId, 'anonymous pages').to.equal(0);

    const client = browser(app);
    await client.post('/signup').type('form').send({ email: 'member@example.com', password: 'password-1' }).expect(302);
    reads.byId = 0;
    await client.get('/').expect(200);
    expect(reads.byId, 'the home page').to.equal(1);
    reads.byId = 0;
    // The profile reads the record anyway, and the navigation takes its answer from there.
    await client.get('/users/profile').expect(200);
    expect(reads.byId, 'the profile').to.equal(1);
  });
});
