import { expect } from 'chai';
import { BCRYPT_PASSWORD_LIMITS } from '../../../../src/domain/shared/password-policy.js';
import { LogIn } from '../../../../src/application/accounts/log-in.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { FakePasswordHasher } from '../../../support/fake-password-hasher.js';
import { CLIENT_ADDRESS, testThrottle } from '../../../support/throttle.js';
import { inMemoryAccounts, testSignUp } from '../../../support/accounts.js';
import { captureLog } from '../../../support/captured-log.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import type { SecondStep } from '../../../../src/application/accounts/ports/second-step.js';
import { accountsIds } from '../../../../src/infrastructure/accounts/accounts-ids.js';
import { testContainer } from '../../../support/test-container.js';
import { ManualClock } from '../../../support/throttle.js';

/** LogIn on these parts, with the second steps given (none unless given), and the container's pending logins on `clock`. */
function logInOn(
  users: ConstructorParameters<typeof LogIn>[0],
  hasher: ConstructorParameters<typeof LogIn>[1],
  throttle: ConstructorParameters<typeof LogIn>[2],
  events: ConstructorParameters<typeof LogIn>[3],
  steps: readonly SecondStep[] = [],
  clock = new ManualClock(),
): LogIn {
  return new LogIn(users, hasher, throttle, events, steps, testContainer({ clock }).get(accountsIds.pendingLogins), BCRYPT_PASSWORD_LIMITS);
}

async function setUp(cost = 10) {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher(cost);
  await testSignUp(users, inMemoryAccounts(users).transactions, { hasher }).execute({
    email: 'linus@example.com',
    password: 'kernel-1991',
    request: testRequest(),
  });
  const log = captureLog();
  const { events, audit } = testSecurityEvents({ logger: log.logger });
  const throttle = testThrottle({ loginFailuresPerEmail: 2 });
  return { users, hasher, log, events, audit, logIn: logInOn(users, hasher, throttle, events) };
}

describe('LogIn', () => {
  it('answers ok with the user id for the right email and password', async () => {
    const { logIn } = await setUp();
    expect(
      await logIn.execute({ email: ' LINUS@example.com', password: 'kernel-1991', request: testRequest() }),
    ).to.deep.equal({
      kind: 'ok',
      userId: 1,
    });
  });

  it('answers invalid-credentials alike for a wrong password and an unknown email', async () => {
    const { logIn } = await setUp();
    const wrong = await logIn.execute({
      email: 'linus@example.com',
      password: 'kernel-1992',
      request: testRequest(),
    });
    const unknown = await logIn.execute({
      email: 'nobody@example.com',
      password: 'kernel-1991',
      request: testRequest(),
    });
    expect(wrong).to.deep.equal({ kind: 'invalid-credentials' });
    expect(unknown).to.deep.equal(wrong);
  });

  it('spends a hash comparison on an unknown or malformed email too', async () => {
    const { hasher, logIn } = await setUp();
    await logIn.execute({ email: 'nobody@example.com', password: 'kernel-1991', request: testRequest() });
    await logIn.execute({ email: 'not an email', password: 'kernel-1991', request: testRequest() });
    expect(hasher.calls.verifyNull).to.equal(2);
  });

  it('refuses a password over 72 bytes without hashing it', async () => {
    const { hasher, logIn } = await setUp();
    const before = hasher.calls.verify;
    expect(
      await logIn.execute({ email: 'linus@example.com', password: 'k'.repeat(73), request: testRequest() }),
    ).to.deep.equal({
      kind: 'invalid-credentials',
    });
    expect(hasher.calls.verify).to.equal(before);
  });

  it('rehashes a stored hash of a lower cost after a successful login', async () => {
    const { users } = await setUp(4);
    const stronger = new FakePasswordHasher(10);
    const result = await logInOn(users, stronger, testThrottle(), testSecurityEvents().events).execute({
      email: 'linus@example.com',
      password: 'kernel-1991',
      request: testRequest(),
    });
    expect(result.kind).to.equal('ok');
    expect((await users.findById(1))?.passwordHash).to.equal('fake$10$kernel-1991');
  });

  it('leaves the hash alone after a failed login', async () => {
    const { users } = await setUp(4);
    await logInOn(users, new FakePasswordHasher(10), testThrottle(), testSecurityEvents().events).execute({
      email: 'linus@example.com',
      password: 'wrong-one',
      request: testRequest(),
    });
    expect((await users.findById(1))?.passwordHash).to.equal('fake$4$kernel-1991');
  });

  it('records a successful login as the last one', async () => {
    const { users, logIn } = await setUp();
    await logIn.execute({ email: 'linus@example.com', password: 'kernel-1991', request: testRequest() });
    expect((await users.findById(1))?.lastLoginAt).to.be.instanceOf(Date);
  });

  it('answers locked for the right password of a locked account, after the same hash comparison', async () => {
    const { users, hasher, logIn } = await setUp();
    await users.setLocked(1, true);
    const before = hasher.calls.verify;
    const result = await logIn.execute({ email: 'linus@example.com', password: 'kernel-1991', request: testRequest() });
    expect(result).to.deep.equal({ kind: 'locked', userId: 1 });
    expect(hasher.calls.verify).to.equal(before + 1);
    expect((await users.findById(1))?.lastLoginAt).to.equal(null);
  });

  it('answers invalid-credentials for a wrong password of a locked account', async () => {
    const { users, logIn } = await setUp();
    await users.setLocked(1, true);
    const result = await logIn.execute({ email: 'linus@example.com', password: 'kernel-1992', request: testRequest() });
    expect(result).to.deep.equal({ kind: 'invalid-credentials' });
  });

  it('refuses a login whose account was locked while its password was being compared', async () => {
    const { users } = await setUp();
    const hasher = new FakePasswordHasher();
    const verify = hasher.verify.bind(hasher);
    hasher.verify = async (password, hash) => {
      const matches = await verify(password, hash);
      await users.setLocked(1, true);
      return matches;
    };
    const result = await logInOn(users, hasher, testThrottle(), testSecurityEvents().events).execute({
      email: 'linus@example.com',
      password: 'kernel-1991',
      request: testRequest(),
    });
    expect(result).to.deep.equal({ kind: 'locked', userId: 1 });
  });

  it("counts a locked account's login as a failure: the throttle is not cleared", async () => {
    const { users, hasher } = await setUp();
    const logIn = logInOn(users, hasher, testThrottle({ loginFailuresPerEmail: 2 }), testSecurityEvents().events);
    await users.setLocked(1, true);
    const attempt = () => logIn.execute({ email: 'linus@example.com', password: 'kernel-1991', request: testRequest() });
    await attempt();
    await attempt();
    expect((await attempt()).kind).to.equal('throttled');
  });

  describe('a failed attempt', () => {
    const failures = (log: ReturnType<typeof captureLog>) =>
      log.lines().filter((line) => line.event === 'login.failed').map(({ userId, email, reason, ip, requestId }) => ({ userId, email, reason, ip, requestId }));

    it("is recorded with the account's id for a wrong password, and kept on its activity", async () => {
      const { logIn, log, events, audit } = await setUp();
      await logIn.execute({ email: 'LINUS@example.com', password: 'kernel-1992', request: testRequest() });
      await events.settled();

      expect(failures(log)).to.deep.equal([
        { userId: 1, email: 'linus@example.com', reason: undefined, ip: CLIENT_ADDRESS, requestId: 'test-request' },
      ]);
      const stored = await audit.listOfUser(1, { before: null, limit: 10 });
      expect(stored.map(({ type, ip, requestId }) => ({ type, ip, requestId }))).to.deep.equal([
        { type: 'login.failed', ip: CLIENT_ADDRESS, requestId: 'test-request' },
      ]);
    });

    it('is logged without an account for an unknown or malformed email, and kept nowhere else', async () => {
      const { logIn, log, events, audit } = await setUp();
      await logIn.execute({ email: 'nobody@example.com', password: 'kernel-1991', request: testRequest() });
      await logIn.execute({ email: 'kernel-1991', password: 'kernel-1991', request: testRequest() });
      await events.settled();

      expect(failures(log).map(({ userId, email }) => ({ userId, email }))).to.deep.equal([
        { userId: undefined, email: 'nobody@example.com' },
        { userId: undefined, email: undefined },
      ]);
      expect(await audit.purgeBefore(Number.MAX_SAFE_INTEGER)).to.equal(0);
    });

    it('is logged with reason throttled once the email is throttled, with no password check and no row', async () => {
      const { logIn, log, events, audit, hasher } = await setUp();
      const attempt = () => logIn.execute({ email: 'linus@example.com', password: 'kernel-1992', request: testRequest() });
      await attempt();
      await attempt();
      const verified = hasher.calls.verify;
      expect((await attempt()).kind).to.equal('throttled');
      await events.settled();

      expect(hasher.calls.verify).to.equal(verified);

      expect(failures(log).map(({ userId, reason }) => ({ userId, reason }))).to.deep.equal([
        { userId: 1, reason: undefined },
        { userId: 1, reason: undefined },
        { userId: undefined, reason: 'throttled' },
      ]);
      expect(await audit.listOfUser(1, { before: null, limit: 10 })).to.have.length(2);
    });

  });

  describe('a successful attempt', () => {
    it('is recorded as login.succeeded with method password, and kept on the activity', async () => {
      const { logIn, log, audit } = await setUp();
      await logIn.execute({ email: 'linus@example.com', password: 'kernel-1991', request: testRequest() });

      expect(log.lines().map(({ event, userId, method, ip, requestId, level }) => ({ event, userId, method, ip, requestId, level }))).to.deep.equal([
        { event: 'login.succeeded', userId: 1, method: 'password', ip: CLIENT_ADDRESS, requestId: 'test-request', level: 'info' },
      ]);
      const stored = await audit.listOfUser(1, { before: null, limit: 10 });
      expect(stored.map(({ type, ip, requestId }) => ({ type, ip, requestId }))).to.deep.equal([
        { type: 'login.succeeded', ip: CLIENT_ADDRESS, requestId: 'test-request' },
      ]);
    });

    it('records nothing when a second step must follow: the step that completes the login records it', async () => {
      const { users, hasher, log, events } = await setUp();
      const step: SecondStep = { needed: async () => true };
      const logIn = logInOn(users, hasher, testThrottle(), events, [step]);

      const result = await logIn.execute({ email: 'linus@example.com', password: 'kernel-1991', request: testRequest() });

      expect(result.kind).to.equal('second-step');
      expect(log.lines()).to.deep.equal([]);
    });
  });
});
