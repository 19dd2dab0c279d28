import { expect } from 'chai';
import { Email } from '../../../../src/domain/shared/email.js';
import { EmailTakenError } from '../../../../src/domain/shared/errors.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { inMemoryAccounts, TEST_APP_URL, testSignUp } from '../../../support/accounts.js';
import { FakePasswordHasher } from '../../../support/fake-password-hasher.js';
import { CLIENT_ADDRESS, ManualClock, testThrottle } from '../../../support/throttle.js';
import { captureLog } from '../../../support/captured-log.js';
import { FakeBreachedPasswords } from '../../../support/passwords/fake-breached-passwords.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';

function setUp(users = new InMemoryUserRepository(), throttle = testThrottle()) {
  const accounts = inMemoryAccounts(users);
  const hasher = new FakePasswordHasher();
  const clock = new ManualClock();
  const log = captureLog();
  const { events, audit } = testSecurityEvents({ logger: log.logger });
  const signUp = testSignUp(users, accounts.transactions, { hasher, clock, throttle, events });
  return { ...accounts, hasher, clock, log, events, audit, signUp };
}

/** The security event lines written so far, with the fields an operator reads. */
function eventLines(log: ReturnType<typeof captureLog>) {
  return log
    .lines()
    .map(({ event, userId, email, reason, ip, requestId, level }) => ({ event, userId, email, reason, ip, requestId, level }));
}

describe('SignUp', () => {
  it('creates a non-admin user with the hashed password and the phone', async () => {
    const { users, signUp } = setUp();

    const result = await signUp.execute({
      email: 'Grace@Example.com',
      password: 'cobol-1959',
      phone: ' 555 ',
      request: testRequest(),
    });

    expect(result).to.deep.equal({ kind: 'ok', userId: 1 });
    const user = await users.findById(1);
    expect(user?.email.value).to.equal('grace@example.com');
    expect(user?.passwordHash).to.equal('fake$10$cobol-1959');
    expect(user?.phone).to.equal('555');
    expect(user?.admin).to.equal(false);
  });

  it('refuses a breached password (password-breached) after the common ones, logged as signup.refused, storing nothing', async () => {
    const users = new InMemoryUserRepository();
    const accounts = inMemoryAccounts(users);
    const log = captureLog();
    const { events } = testSecurityEvents({ logger: log.logger });
    const breached = new FakeBreachedPasswords(['cobol-1959']);
    const signUp = testSignUp(users, accounts.transactions, { events, breached });

    const result = await signUp.execute({ email: 'grace@example.com', password: 'cobol-1959', request: testRequest() });
    await signUp.execute({ email: 'grace@example.com', password: 'password1', request: testRequest() });
    await events.settled();

    expect(result).to.deep.equal({ kind: 'password-breached' });
    expect(breached.asked).to.deep.equal(['cobol-1959']);
    expect(await users.findByEmail(Email.parse('grace@example.com') as Email)).to.equal(null);
    const refused = eventLines(log).filter(({ event }) => event === 'signup.refused');
    expect(refused.map(({ email, reason }) => ({ email, reason }))).to.deep.equal([
      { email: 'grace@example.com', reason: 'password-breached' },
      { email: 'grace@example.com', reason: 'password-too-common' },
    ]);
    expect(log.text()).not.to.include('cobol-1959');
  });

  it('answers email-taken without hashing when the email exists', async () => {
    const { hasher, signUp } = setUp();
    await signUp.execute({ email: 'grace@example.com', password: 'cobol-1959', request: testRequest() });

    const result = await signUp.execute({
      email: 'GRACE@example.com',
      password: 'another-1',
      request: testRequest(),
    });

    expect(result).to.deep.equal({ kind: 'email-taken' });
    expect(hasher.calls.hash).to.equal(1);
  });

  it('answers email-taken for a taken email before judging the password or phone (docs/behaviour.md §3)', async () => {
    const { signUp } = setUp();
    await signUp.execute({ email: 'grace@example.com', password: 'cobol-1959', request: testRequest() });

    for (const [password, phone] of [
      ['short', ''],
      ['password', ''],
      ['x'.repeat(73), ''],
      ['cobol-1959', '9'.repeat(40)],
    ] as const) {
      const result = await signUp.execute({ email: 'grace@example.com', password, phone, request: testRequest() });
      expect(result, password).to.deep.equal({ kind: 'email-taken' });
    }
  });

  it('answers email-taken when the repository refuses a racing duplicate', async () => {
    const users = new InMemoryUserRepository();
    // The look-up misses (the other request has not committed yet), the insert refuses.
    users.findByEmail = async () => null;
    users.create = async () => {
      throw new EmailTakenError();
    };
    const result = await setUp(users).signUp.execute({
      email: 'a@b.co',
      password: 'password-1',
      request: testRequest(),
    });
    expect(result).to.deep.equal({ kind: 'email-taken' });
  });

  it('lets other repository failures propagate', async () => {
    const users = new InMemoryUserRepository();
    users.create = async () => {
      throw new Error('disk full');
    };
    const { signUp } = setUp(users);
    let caught: unknown;
    await signUp
      .execute({ email: 'a@b.co', password: 'password-1', request: testRequest() })
      .catch((error: unknown) => {
        caught = error;
      });
    expect((caught as Error)?.message).to.equal('disk full');
  });

  for (const [input, kind] of [
    [{ email: 'nope', password: 'password-1' }, 'invalid-email'],
    [{ email: 'a@b.co', password: 'short' }, 'password-too-short'],
    [{ email: 'a@b.co', password: 'x'.repeat(73) }, 'password-too-long'],
    [{ email: 'a@b.co', password: 'password-1', phone: '9'.repeat(40) }, 'invalid-phone'],
  ] as const) {
    it(`answers ${kind} and stores nothing`, async () => {
      const { users, hasher, signUp } = setUp();
      expect(await signUp.execute({ ...input, request: testRequest() })).to.deep.equal({ kind });
      expect(await users.findByEmail(Email.parse('a@b.co') as Email)).to.equal(null);
      expect(hasher.calls.hash).to.equal(0);
    });
  }

  describe('the email verification link', () => {
    it('queues one email-verification message to the new address, with a link on APP_URL', async () => {
      const { outbox, signUp } = setUp();

      await signUp.execute({ email: 'Grace@Example.com', password: 'cobol-1959', request: testRequest() });

      expect(outbox.queued).to.have.length(1);
      const [mail] = outbox.queued;
      expect(mail).to.include({ kind: 'email-verification', to: 'grace@example.com', expiresInMinutes: 24 * 60 });
      expect(mail?.kind === 'email-verification' && mail.link).to.match(
        new RegExp(`^${TEST_APP_URL}/email/verify\\?token=[A-Za-z0-9_-]{43}$`),
      );
    });

    it('stores only the hash of the token, bound to the user and the address, for 24 hours', async () => {
      const { outbox, tokens, clock, signUp } = setUp();
      await signUp.execute({ email: 'grace@example.com', password: 'cobol-1959', request: testRequest() });
      const mail = outbox.queued[0];
      const token = new URL(mail?.kind === 'email-verification' ? mail.link : '').searchParams.get('token') ?? '';

      expect(await tokens.find('email-verification', token, clock.now())).to.equal(null);
      expect(await tokens.find('email-verification', cryptoSecretTokens.hashOf(token), clock.now())).to.deep.equal({
        purpose: 'email-verification',
        userId: 1,
        newEmail: 'grace@example.com',
        expiresAt: clock.now() + 24 * 60 * 60 * 1000,
      });
    });

    it('creates the user unverified', async () => {
      const { users, signUp } = setUp();
      await signUp.execute({ email: 'grace@example.com', password: 'cobol-1959', request: testRequest() });
      expect((await users.findById(1))?.emailVerified).to.equal(false);
    });

    it('queues nothing for a refused sign-up', async () => {
      const { outbox, signUp } = setUp();
      await signUp.execute({ email: 'grace@example.com', password: 'short', request: testRequest() });
      expect(outbox.queued).to.deep.equal([]);
    });

    it('creates no user when the message cannot be queued: user and message are one transaction', async () => {
      const users = new InMemoryUserRepository();
      const accounts = inMemoryAccounts(users);
      accounts.outbox.enqueue = async () => {
        throw new Error('outbox table is gone');
      };
      const signUp = testSignUp(users, accounts.transactions);

      const outcome = await signUp
        .execute({ email: 'grace@example.com', password: 'cobol-1959', request: testRequest() })
        .then(
          () => null,
          (error: unknown) => (error as Error).message,
        );

      expect(outcome).to.equal('outbox table is gone');
      expect(await users.findByEmail(Email.parse('grace@example.com') as Email)).to.equal(null);
      expect(await accounts.tokens.purgeExpired(Number.MAX_SAFE_INTEGER)).to.equal(0);
    });
  });

  describe('its security events', () => {
    it('records signup.succeeded with the new account, kept on its activity', async () => {
      const { signUp, log, events, audit } = setUp();
      await signUp.execute({ email: 'Grace@Example.com', password: 'cobol-1959', request: testRequest() });
      await events.settled();

      expect(eventLines(log)).to.deep.equal([
        { event: 'signup.succeeded', userId: 1, email: undefined, reason: undefined, ip: CLIENT_ADDRESS, requestId: 'test-request', level: 'info' },
      ]);
      const stored = await audit.listOfUser(1, { before: null, limit: 10 });
      expect(stored.map(({ type, ip, requestId }) => ({ type, ip, requestId }))).to.deep.equal([
        { type: 'signup.succeeded', ip: CLIENT_ADDRESS, requestId: 'test-request' },
      ]);
    });

    it('logs each refusal as signup.refused with its reason and the typed email when it is one, on no activity', async () => {
      const { signUp, log, events, audit } = setUp(new InMemoryUserRepository(), testThrottle({ signUpsPerAddress: 3 }));
      await signUp.execute({ email: 'grace@example.com', password: 'cobol-1959', request: testRequest() });
      await signUp.execute({ email: 'GRACE@example.com', password: 'cobol-1959', request: testRequest() });
      await signUp.execute({ email: 'cobol-1959', password: 'cobol-1959', request: testRequest() });
      await signUp.execute({ email: 'ada@example.com', password: 'short', request: testRequest() });
      await signUp.execute({ email: 'ada@example.com', password: 'cobol-1959', request: testRequest() });
      await events.settled();

      const refused = eventLines(log).filter(({ event }) => event === 'signup.refused');
      expect(refused.map(({ email, reason, level }) => ({ email, reason, level }))).to.deep.equal([
        { email: 'grace@example.com', reason: 'email-taken', level: 'warn' },
        { email: undefined, reason: 'invalid-email', level: 'warn' },
        { email: 'ada@example.com', reason: 'password-too-short', level: 'warn' },
        { email: 'ada@example.com', reason: 'throttled', level: 'warn' },
      ]);
      expect(await audit.listOfUser(1, { before: null, limit: 10 })).to.have.length(1);
    });
  });
});
