import { expect } from 'chai';
import { browser, buildTestApp, type TestApp } from '../../support/test-app.js';

async function member(built: TestApp, email: string) {
  const client = browser(built.app);
  await client.post('/signup').type('form').send({ email, password: 'password-1' }).expect(302);
  return client;
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
});
