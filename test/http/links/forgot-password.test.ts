import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../../src/application/shared/auth-throttle.js';
import type { Transactions } from '../../../src/application/shared/ports/transactions.js';
import { Email } from '../../../src/domain/shared/email.js';
import { inMemoryAccounts } from '../../support/accounts.js';
import { deferred } from '../../support/deferred.js';
import { signedUp } from '../../support/links/link-flows.js';
import { browser, buildTestApp, flashOf, type TestApp } from '../../support/test-app.js';

const SENT = 'If an account exists for that address, we have sent a link to reset the password.';
const PER_EMAIL = DEFAULT_THROTTLE_LIMITS.passwordResetsPerEmail;
const PER_ADDRESS = DEFAULT_THROTTLE_LIMITS.passwordResetsPerAddress;

/** Posts the form from a fresh browser; the answer and the page it leads to, with the typed email masked. */
async function ask(built: TestApp, email: string, forwardedFor?: string) {
  const client = browser(built.app);
  const request = client.post('/password/forgot').type('form');
  if (forwardedFor) request.set('X-Forwarded-For', forwardedFor);
  const response = await request.send({ email });
  const next = await client.get(response.headers.location ?? '/');
  return {
    status: response.status,
    location: response.headers.location,
    cookies: ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((cookie) => cookie.split('=')[0]),
    success: flashOf(next.text, 'messageSuccess'),
    failure: flashOf(next.text, 'messageFailure'),
    page: next.text.replaceAll(email.trim(), '(typed)'),
  };
}

async function withAda(parts: Parameters<typeof buildTestApp>[0] = {}) {
  const built = buildTestApp(parts);
  await signedUp(built.app, 'ada@example.com');
  return built;
}

describe('POST /password/forgot', () => {
  it(`redirects to /login with "${SENT}"`, async () => {
    const answer = await ask(await withAda(), 'ada@example.com');
    expect(answer.status).to.equal(302);
    expect(answer.location).to.equal('/login');
    expect(answer.success).to.equal(SENT);
  });

  it('gives the same answer, cookies and next page for an address with an account and one without', async () => {
    const built = await withAda();
    const known = await ask(built, 'ada@example.com');
    const unknown = await ask(built, 'nobody@example.com');
    expect(unknown).to.deep.equal(known);
  });

  it('fills the login form it leads to with the address', async () => {
    const built = await withAda();
    const client = browser(built.app);
    await client.post('/password/forgot').type('form').send({ email: 'ada@example.com' });
    expect((await client.get('/login')).text).to.include('value="ada@example.com"');
  });

  it('answers both kinds before looking the address up: the answer never waits for the account', async () => {
    const hold = deferred();
    const accounts = inMemoryAccounts();
    const held: Transactions = { run: async (work) => hold.promise.then(() => accounts.transactions.run(work)) };
    const built = buildTestApp({
      users: accounts.users,
      accounts: { transactions: held, tokens: accounts.tokens, queuedMail: async () => [...accounts.outbox.queued] },
    });
    await built.users.create({ email: Email.fromTrusted('ada@example.com'), passwordHash: 'h', phone: null });

    const known = await browser(built.app).post('/password/forgot').type('form').send({ email: 'ada@example.com' });
    const unknown = await browser(built.app).post('/password/forgot').type('form').send({ email: 'nobody@example.com' });

    expect([known.headers.location, unknown.headers.location]).to.deep.equal(['/login', '/login']);
    expect(accounts.outbox.queued).to.deep.equal([]);
    hold.resolve();
    expect((await built.queuedMail()).map((mail) => [mail.kind, mail.to])).to.deep.equal([['password-reset', 'ada@example.com']]);
  });

  it('queues one message for a known address and none for an unknown one', async () => {
    const built = await withAda();
    const before = (await built.queuedMail()).length;
    await ask(built, 'nobody@example.com');
    expect(await built.queuedMail()).to.have.length(before);
    await ask(built, ' Ada@Example.com ');
    const queued = await built.queuedMail();
    expect(queued).to.have.length(before + 1);
    expect(queued.at(-1)).to.include({ kind: 'password-reset', to: 'ada@example.com' });
  });

  for (const [name, email] of [
    ['a malformed address', 'not an email'],
    ['an empty field', ''],
    ['an address over 254 characters', `${'a'.repeat(250)}@example.com`],
  ] as const) {
    it(`refuses ${name} with a clear message on /password/forgot, keeping what was typed`, async () => {
      const built = await withAda();
      const client = browser(built.app);

      const response = await client.post('/password/forgot').type('form').send({ email });

      expect(response.headers.location).to.equal('/password/forgot');
      const page = await client.get('/password/forgot');
      expect(flashOf(page.text, 'messageFailure')).to.equal('Please enter a valid email address.');
      if (email) expect(page.text).to.include(`value="${email.slice(0, 254)}"`);
    });
  }

  it('refuses a repeated email field (email=a&email=b) with the same clear message', async () => {
    const client = browser(buildTestApp().app);
    const response = await client.post('/password/forgot').type('form').send('email=a%40b.co&email=c%40d.co');
    expect(response.headers.location).to.equal('/password/forgot');
    expect(flashOf((await client.get('/password/forgot')).text, 'messageFailure')).to.equal('Please enter a valid email address.');
  });

  it(`throttles after ${PER_EMAIL} requests for one email, known or not, saying when to retry`, async () => {
    const built = await withAda({ options: { proxyHops: 1 } });
    for (const email of ['ada@example.com', 'nobody@example.com']) {
      for (let n = 0; n < PER_EMAIL; n++) expect((await ask(built, email, `192.0.2.${n}`)).success).to.equal(SENT);
    }

    const known = await ask(built, 'ada@example.com', '198.51.100.7');
    const unknown = await ask(built, 'nobody@example.com', '198.51.100.7');

    expect(known.location).to.equal('/password/forgot');
    expect(known.failure).to.equal('Too many password reset requests. Please try again in 60 minutes.');
    expect(known.page).to.include('value="(typed)"');
    expect(unknown).to.deep.equal(known);
    expect((await built.queuedMail()).filter((mail) => mail.kind === 'password-reset')).to.have.length(PER_EMAIL);
  });

  it(`throttles after ${PER_ADDRESS} requests from one client address, whatever the emails`, async () => {
    const built = buildTestApp({ options: { proxyHops: 1 } });
    for (let n = 0; n < PER_ADDRESS; n++) {
      expect((await ask(built, `person-${n}@example.com`, '203.0.113.9')).success).to.equal(SENT);
    }
    expect((await ask(built, 'another@example.com', '203.0.113.9')).location).to.equal('/password/forgot');
    expect((await ask(built, 'another@example.com', '203.0.113.10')).location).to.equal('/login');
  });
});
