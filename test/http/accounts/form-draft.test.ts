import { expect } from 'chai';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';

/** What the draft cookies set by a response hold, decoded. */
function draftCookies(setCookie: string | string[] | undefined): string {
  return ([] as string[])
    .concat(setCookie ?? [])
    .filter((cookie) => cookie.startsWith('gatehouse.draft='))
    .map((cookie) => Buffer.from(cookie.slice('gatehouse.draft='.length).split(';')[0] ?? '', 'base64url').toString())
    .join('\n');
}

function filledIn(html: string, id: string): string | null {
  const input = new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
  return /value="([^"]*)"/.exec(input)?.[1] ?? null;
}

describe('GET /signup after a refused sign-up', () => {
  it('fills in the email and phone typed, never the password, and only once', async () => {
    const client = browser(buildTestApp().app);
    await client
      .post('/signup')
      .type('form')
      .send({ email: 'short@example.com', password: 'secret1', phone: '+44 20 7946 0000' })
      .expect(302);

    const page = await client.get('/signup').expect(200);
    const again = await client.get('/signup').expect(200);

    expect(flashOf(page.text, 'messageFailure')).to.equal('Password must be at least 8 characters long.');
    expect(filledIn(page.text, 'email')).to.equal('short@example.com');
    expect(filledIn(page.text, 'phone')).to.equal('+44 20 7946 0000');
    expect(filledIn(page.text, 'password')).to.equal(null);
    expect(page.text).not.to.include('secret1');
    expect(filledIn(again.text, 'email')).to.equal(null);
  });

  it('escapes what it fills in', async () => {
    const client = browser(buildTestApp().app);
    await client.post('/signup').type('form').send({ email: '"><b>x', password: 'password-1' }).expect(302);

    const page = await client.get('/signup').expect(200);

    expect(filledIn(page.text, 'email')).to.equal('&quot;&gt;&lt;b&gt;x');
  });

  it('keeps the email after "Email already taken." so the person can correct it', async () => {
    const built = buildTestApp();
    await browser(built.app).post('/signup').type('form').send({ email: 'taken@example.com', password: 'password-1' });
    const client = browser(built.app);
    await client.post('/signup').type('form').send({ email: 'taken@example.com', password: 'password-2' }).expect(302);

    const page = await client.get('/signup').expect(200);

    expect(flashOf(page.text, 'messageFailure')).to.equal('Email already taken.');
    expect(filledIn(page.text, 'email')).to.equal('taken@example.com');
  });
});

describe('GET /login after a refused login', () => {
  it('fills in the email typed, never the password, and only once', async () => {
    const client = browser(buildTestApp().app);
    await client.post('/login').type('form').send({ email: 'who@example.com', password: 'guess-one' }).expect(302);

    const page = await client.get('/login').expect(200);
    const again = await client.get('/login').expect(200);

    expect(flashOf(page.text, 'messageFailure')).to.equal('Invalid email and/ or password.');
    expect(filledIn(page.text, 'email')).to.equal('who@example.com');
    expect(page.text).not.to.include('guess-one');
    expect(filledIn(again.text, 'email')).to.equal(null);
  });

  it('keeps nothing that is not an email address: a password typed into the email field stays in no cookie', async () => {
    const client = browser(buildTestApp().app);
    const typedByMistake = 'correct horse battery staple';

    const refused = await client.post('/login').type('form').send({ email: typedByMistake, password: 'guess-one' }).expect(302);
    const page = await client.get('/login').expect(200);

    expect(draftCookies(refused.headers['set-cookie'])).not.to.include(typedByMistake);
    expect(filledIn(page.text, 'email')).to.equal(null);
    expect(page.text).not.to.include(typedByMistake);
  });

  it('keeps an email address typed with capitals and spaces as it was typed', async () => {
    const client = browser(buildTestApp().app);
    await client.post('/login').type('form').send({ email: ' Who@Example.com ', password: 'guess-one' }).expect(302);

    const page = await client.get('/login').expect(200);

    expect(filledIn(page.text, 'email')).to.equal(' Who@Example.com ');
  });

  it('does not carry a refused sign-up into the login form', async () => {
    const client = browser(buildTestApp().app);
    await client.post('/signup').type('form').send({ email: 'new@example.com', password: 'short' }).expect(302);

    const login = await client.get('/login').expect(200);
    const signup = await client.get('/signup').expect(200);

    expect(filledIn(login.text, 'email')).to.equal(null);
    expect(filledIn(signup.text, 'email')).to.equal(null);
  });
});

describe('a refused form', () => {
  it('keeps what was typed out of the session, which holds the user id only (docs/behaviour.md §1)', async () => {
    const written: string[] = [];
    class WatchedStorage extends MemorySessionStorage {
      override async insert(...args: Parameters<MemorySessionStorage['insert']>) {
        written.push(JSON.stringify(args));
        return super.insert(...args);
      }
      override async update(...args: Parameters<MemorySessionStorage['update']>) {
        written.push(JSON.stringify(args));
        return super.update(...args);
      }
    }
    const client = browser(buildTestApp({ sessions: { storage: new WatchedStorage() } }).app);

    await client.post('/signup').type('form').send({ email: 'draft@example.com', password: 'short', phone: '5550100' });
    const page = await client.get('/signup').expect(200);

    expect(page.text).to.include('draft@example.com');
    // The visitor has no identity, so nothing at all reaches the store.
    expect(written).to.deep.equal([]);
  });
});
