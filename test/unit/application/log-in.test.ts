import { expect } from 'chai';
import { LogIn } from '../../../src/application/log-in.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/persistence/in-memory-user-repository.js';
import { FakePasswordHasher } from '../../support/fake-password-hasher.js';
import { CLIENT_ADDRESS, testThrottle } from '../../support/throttle.js';
import { inMemoryAccounts, testSignUp } from '../../support/accounts.js';

async function setUp(cost = 10) {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher(cost);
  await testSignUp(users, inMemoryAccounts(users).transactions, { hasher }).execute({
    email: 'linus@example.com',
    password: 'kernel-1991',
    clientAddress: CLIENT_ADDRESS,
  });
  return { users, hasher, logIn: new LogIn(users, hasher, testThrottle()) };
}

describe('LogIn', () => {
  it('answers ok with the user id for the right email and password', async () => {
    const { logIn } = await setUp();
    expect(
      await logIn.execute({ email: ' LINUS@example.com', password: 'kernel-1991', clientAddress: CLIENT_ADDRESS }),
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
      clientAddress: CLIENT_ADDRESS,
    });
    const unknown = await logIn.execute({
      email: 'nobody@example.com',
      password: 'kernel-1991',
      clientAddress: CLIENT_ADDRESS,
    });
    expect(wrong).to.deep.equal({ kind: 'invalid-credentials' });
    expect(unknown).to.deep.equal(wrong);
  });

  it('spends a hash comparison on an unknown or malformed email too', async () => {
    const { hasher, logIn } = await setUp();
    await logIn.execute({ email: 'nobody@example.com', password: 'kernel-1991', clientAddress: CLIENT_ADDRESS });
    await logIn.execute({ email: 'not an email', password: 'kernel-1991', clientAddress: CLIENT_ADDRESS });
    expect(hasher.calls.verifyNull).to.equal(2);
  });

  it('refuses a password over 72 bytes without hashing it', async () => {
    const { hasher, logIn } = await setUp();
    const before = hasher.calls.verify;
    expect(
      await logIn.execute({ email: 'linus@example.com', password: 'k'.repeat(73), clientAddress: CLIENT_ADDRESS }),
    ).to.deep.equal({
      kind: 'invalid-credentials',
    });
    expect(hasher.calls.verify).to.equal(before);
  });

  it('rehashes a stored hash of a lower cost after a successful login', async () => {
    const { users } = await setUp(4);
    const stronger = new FakePasswordHasher(10);
    const result = await new LogIn(users, stronger, testThrottle()).execute({
      email: 'linus@example.com',
      password: 'kernel-1991',
      clientAddress: CLIENT_ADDRESS,
    });
    expect(result.kind).to.equal('ok');
    expect((await users.findById(1))?.passwordHash).to.equal('fake$10$kernel-1991');
  });

  it('leaves the hash alone after a failed login', async () => {
    const { users } = await setUp(4);
    await new LogIn(users, new FakePasswordHasher(10), testThrottle()).execute({
      email: 'linus@example.com',
      password: 'wrong-one',
      clientAddress: CLIENT_ADDRESS,
    });
    expect((await users.findById(1))?.passwordHash).to.equal('fake$4$kernel-1991');
  });

  it('records a successful login as the last one', async () => {
    const { users, logIn } = await setUp();
    await logIn.execute({ email: 'linus@example.com', password: 'kernel-1991', clientAddress: CLIENT_ADDRESS });
    expect((await users.findById(1))?.lastLoginAt).to.be.instanceOf(Date);
  });

  it('answers locked for the right password of a locked account, after the same hash comparison', async () => {
    const { users, hasher, logIn } = await setUp();
    await users.setLocked(1, true);
    const before = hasher.calls.verify;
    const result = await logIn.execute({ email: 'linus@example.com', password: 'kernel-1991', clientAddress: CLIENT_ADDRESS });
    expect(result).to.deep.equal({ kind: 'locked', userId: 1 });
    expect(hasher.calls.verify).to.equal(before + 1);
    expect((await users.findById(1))?.lastLoginAt).to.equal(null);
  });

  it('answers invalid-credentials for a wrong password of a locked account', async () => {
    const { users, logIn } = await setUp();
    await users.setLocked(1, true);
    const result = await logIn.execute({ email: 'linus@example.com', password: 'kernel-1992', clientAddress: CLIENT_ADDRESS });
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
    const result = await new LogIn(users, hasher, testThrottle()).execute({
      email: 'linus@example.com',
      password: 'kernel-1991',
      clientAddress: CLIENT_ADDRESS,
    });
    expect(result).to.deep.equal({ kind: 'locked', userId: 1 });
  });

  it("counts a locked account's login as a failure: the throttle is not cleared", async () => {
    const { users, hasher } = await setUp();
    const logIn = new LogIn(users, hasher, testThrottle({ loginFailuresPerEmail: 2 }));
    await users.setLocked(1, true);
    const attempt = () => logIn.execute({ email: 'linus@example.com', password: 'kernel-1991', clientAddress: CLIENT_ADDRESS });
    await attempt();
    await attempt();
    expect((await attempt()).kind).to.equal('throttled');
  });
});
