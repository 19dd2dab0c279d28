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
});
