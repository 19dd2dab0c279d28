import { expect } from 'chai';
import { type BuildApp, onEveryBackend } from '../../support/app-backends.js';
import { ManualClock } from '../../support/throttle.js';
import { browser, buildTestApp, flashOf, showsLoggedIn } from '../../support/test-app.js';

async function appWithUser(build: BuildApp = async () => buildTestApp()) {
  const built = await build();
  await browser(built.app).post('/signup').type('form').send({ email: 'ada@example.com', password: 'analytical' });
  return built;
}

describe('POST /login', () => {
  onEveryBackend((build) => {
    it('logs in and redirects to / with "Successfully logged in."', async () => {
      const { app } = await appWithUser(build);
      const client = browser(app);

      const response = await client
        .post('/login')
        .type('form')
        .send({ email: 'ada@example.com', password: 'analytical' })
        .expect(302);

      expect(response.headers.location).to.equal('/');
      const home = await client.get('/').expect(200);
      expect(flashOf(home.text, 'messageSuccess')).to.equal('Successfully logged in.');
      expect(showsLoggedIn(home.text)).to.equal(true);
      expect(flashOf((await client.get('/')).text, 'messageSuccess')).to.equal(null);
      await client.get('/users/profile').expect(200);
    });

    it('accepts the email in any case and with surrounding spaces', async () => {
      const { app } = await appWithUser(build);
      const response = await browser(app)
        .post('/login')
        .type('form')
        .send({ email: ' ADA@example.com ', password: 'analytical' });
      expect(response.headers.location).to.equal('/');
    });

    for (const [label, form] of [
      ['a wrong password', { email: 'ada@example.com', password: 'Analytical' }],
      ['an unknown email', { email: 'nobody@example.com', password: 'analytical' }],
      ['a malformed email', { email: 'not-an-email', password: 'analytical' }],
    ] as const) {
      it(`redirects to /login with "Invalid email and/ or password." for ${label}`, async () => {
        const { app } = await appWithUser(build);
        const client = browser(app);

        const response = await client.post('/login').type('form').send(form).expect(302);

        expect(response.headers.location).to.equal('/login');
        const page = await client.get('/login').expect(200);
        expect(flashOf(page.text, 'messageFailure')).to.equal('Invalid email and/ or password.');
        expect(showsLoggedIn(page.text)).to.equal(false);
        expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal(null);
      });
    }
  });

  // On the in-memory app only: the fake hasher counts its calls.
  it('checks a password against a dummy hash when the email is unknown', async () => {
    const { app, hasher } = await appWithUser();
    await browser(app).post('/login').type('form').send({ email: 'nobody@example.com', password: 'whatever1' });
    expect((hasher as unknown as { calls: { verifyNull: number } }).calls.verifyNull).to.equal(1);
  });
});

describe('GET /logout', () => {
  onEveryBackend((build) => {
    it('clears the identity and redirects to /login with "Successfully logged out"', async () => {
      const { app } = await appWithUser(build);
      const client = browser(app);
      await client.post('/login').type('form').send({ email: 'ada@example.com', password: 'analytical' });

      const response = await client.get('/logout').expect(302);

      expect(response.headers.location).to.equal('/login');
      const page = await client.get('/login').expect(200);
      expect(flashOf(page.text, 'messageSuccess')).to.equal('Successfully logged out');
      expect(showsLoggedIn(page.text)).to.equal(false);
      expect(flashOf((await client.get('/login')).text, 'messageSuccess')).to.equal(null);
      const gated = await client.get('/users/profile').expect(302);
      expect(gated.headers.location).to.equal('/login');
    });
  });
});

describe('passwords and time', () => {
  it('logs in with a password set three years ago: no password expires, none must be rotated', async () => {
    const clock = new ManualClock();
    const { app } = await appWithUser(async () => buildTestApp({ clock }));
    clock.advance(3 * 365 * 24 * 60 * 60 * 1000);
    const response = await browser(app).post('/login').type('form').send({ email: 'ada@example.com', password: 'analytical' });
    expect(response.headers.location).to.equal('/');
  });
});
