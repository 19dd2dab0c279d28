import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../../src/application/shared/auth-throttle.js';
import { Email } from '../../../src/domain/shared/email.js';
import type { FakePasswordHasher } from '../../support/fake-password-hasher.js';
import { browser, buildTestApp, flashOf, showsLoggedIn, type TestApp } from '../../support/test-app.js';
import { ManualClock } from '../../support/throttle.js';

const PER_EMAIL = DEFAULT_THROTTLE_LIMITS.loginFailuresPerEmail;
const PER_ADDRESS = DEFAULT_THROTTLE_LIMITS.loginFailuresPerAddress;
const SIGNUPS = DEFAULT_THROTTLE_LIMITS.signUpsPerAddress;
const THROTTLED = 'Too many failed login attempts. Please try again in 15 minutes.';

async function setUp(options: { proxyHops?: number } = {}) {
  const clock = new ManualClock();
  const built = buildTestApp({ clock, options });
  await browser(built.app).post('/signup').type('form').send({ email: 'ada@example.com', password: 'analytical' });
  return { built, clock, hasher: built.hasher as FakePasswordHasher };
}

/** Posts a login from a fresh browser; `forwardedFor` sets X-Forwarded-For. */
async function logIn(built: TestApp, email: string, password: string, forwardedFor?: string) {
  const client = browser(built.app);
  const request = client.post('/login').type('form');
  if (forwardedFor) request.set('X-Forwarded-For', forwardedFor);
  const response = await request.send({ email, password });
  const page = await client.get('/login');
  // The form gives back the email the person typed; the rest of the page must not differ.
  const text = page.text.replace(`value="${email}"`, 'value="(typed)"');
  return { location: response.headers.location, flash: flashOf(page.text, 'messageFailure'), page: text };
}

async function fail(built: TestApp, email: string, times: number, forwardedFor?: (n: number) => string) {
  for (let n = 0; n < times; n++) {
    const result = await logIn(built, email, `wrong-${n}`, forwardedFor?.(n));
    expect(result.flash).to.equal('Invalid email and/ or password.');
  }
}

describe('login throttling', () => {
  it(`refuses the right password after ${PER_EMAIL} failures for the email, saying when to retry, without checking it`, async () => {
    const { built, hasher } = await setUp();
    await fail(built, 'ada@example.com', PER_EMAIL);
    const checked = hasher.calls.verify;

    const result = await logIn(built, 'ada@example.com', 'analytical');

    expect(result.location).to.equal('/login');
    expect(result.flash).to.equal(THROTTLED);
    expect(showsLoggedIn(result.page)).to.equal(false);
    expect(hasher.calls.verify).to.equal(checked);
  });

  it(`checks no more than ${PER_EMAIL} passwords when 40 guesses for one email arrive at once`, async () => {
    const { built, hasher } = await setUp();
    const checked = hasher.calls.verify;

    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        browser(built.app).post('/login').type('form').send({ email: 'ada@example.com', password: `guess-${n}` }),
      ),
    );

    expect(responses.every((response) => response.headers.location === '/login')).to.equal(true);
    expect(hasher.calls.verify - checked).to.equal(PER_EMAIL);
  });

  it('throttles an unknown email exactly like a registered one, so the throttle reveals no account', async () => {
    const { built } = await setUp();
    await fail(built, 'ada@example.com', PER_EMAIL);
    await fail(built, 'nobody@example.com', PER_EMAIL);

    const known = await logIn(built, 'ada@example.com', 'whatever-1');
    const unknown = await logIn(built, 'nobody@example.com', 'whatever-1');

    expect(unknown).to.deep.equal(known);
    expect(known.flash).to.equal(THROTTLED);
  });

  it('throttles the email however it is spelt (normalised: case and spaces)', async () => {
    const { built } = await setUp();
    await fail(built, 'ADA@example.com ', PER_EMAIL);
    expect((await logIn(built, 'ada@EXAMPLE.com', 'analytical')).flash).to.equal(THROTTLED);
  });

  it('counts down the wait and lets the owner in once the window has passed', async () => {
    const { built, clock } = await setUp();
    await fail(built, 'ada@example.com', PER_EMAIL);
    clock.advance(14 * 60 * 1000 + 30 * 1000);
    expect((await logIn(built, 'ada@example.com', 'analytical')).flash).to.equal(
      'Too many failed login attempts. Please try again in 30 seconds.',
    );

    clock.advance(30 * 1000);

    expect((await logIn(built, 'ada@example.com', 'analytical')).location).to.equal('/');
  });

  it(`throttles a client address after ${PER_ADDRESS} failures across different emails`, async () => {
    const { built } = await setUp();
    for (let n = 0; n < PER_ADDRESS; n++) await logIn(built, `user${n}@example.com`, 'wrong-password');

    expect((await logIn(built, 'ada@example.com', 'analytical')).flash).to.equal(THROTTLED);
  });

  it('ignores X-Forwarded-For when no proxy is trusted, so rotating it does not escape', async () => {
    const { built } = await setUp();
    for (let n = 0; n < PER_ADDRESS; n++) await logIn(built, `user${n}@example.com`, 'x-password', `203.0.113.${n}`);

    expect((await logIn(built, 'ada@example.com', 'analytical', '198.51.100.1')).flash).to.equal(THROTTLED);
  });

  it('behind one trusted proxy, takes the address that proxy appended, not one the client wrote', async () => {
    const { built } = await setUp({ proxyHops: 1 });
    // The client forges a new first entry each time; the proxy appends the real one.
    for (let n = 0; n < PER_ADDRESS; n++) {
      await logIn(built, `user${n}@example.com`, 'x-password', `203.0.113.${n}, 198.51.100.9`);
    }

    expect((await logIn(built, 'ada@example.com', 'analytical', '192.0.2.50, 198.51.100.9')).flash).to.equal(THROTTLED);
    expect((await logIn(built, 'ada@example.com', 'analytical', '198.51.100.10')).location).to.equal('/');
  });
});

describe('sign-up throttling', () => {
  it(`refuses more than ${SIGNUPS} sign-ups an hour from one address, creating nothing`, async () => {
    const built = buildTestApp({ clock: new ManualClock() });
    for (let n = 0; n < SIGNUPS; n++) {
      const response = await browser(built.app)
        .post('/signup')
        .type('form')
        .send({ email: `user${n}@example.com`, password: 'password-1' });
      expect(response.headers.location).to.equal('/users/profile');
    }
    const client = browser(built.app);

    const response = await client
      .post('/signup')
      .type('form')
      .send({ email: 'one-more@example.com', password: 'password-1' });

    expect(response.headers.location).to.equal('/signup');
    const page = await client.get('/signup');
    expect(flashOf(page.text, 'messageFailure')).to.equal(
      'Too many sign-ups from your network. Please try again in 60 minutes.',
    );
    expect(await built.users.findByEmail(Email.parse('one-more@example.com') as Email)).to.equal(null);
  });
});
