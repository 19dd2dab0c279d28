import { expect } from 'chai';
import { LogIn } from '../../../src/application/log-in.js';
import { SignUp } from '../../../src/application/sign-up.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/persistence/in-memory-user-repository.js';
import { FakePasswordHasher } from '../../support/fake-password-hasher.js';

async function setUp(cost = 10) {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher(cost);
  await new SignUp(users, hasher).execute({ email: 'linus@example.com', password: 'kernel-1991' });
  return { users, hasher, logIn: new LogIn(users, hasher) };
}

describe('LogIn', () => {
  it('answers ok with the user id for the right email and password', async () => {
    const { logIn } = await setUp();
    expect(await logIn.execute({ email: ' LINUS@example.com', password: 'kernel-1991' })).to.deep.equal({
      kind: 'ok',
      userId: 1,
    });
  });

  it('answers invalid-credentials alike for a wrong password and an unknown email', async () => {
    const { logIn } = await setUp();
    const wrong = await logIn.execute({ email: 'linus@example.com', password: 'kernel-1992' });
    const unknown = await logIn.execute({ email: 'nobody@example.com', password: 'kernel-1991' });
    expect(wrong).to.deep.equal({ kind: 'invalid-credentials' });
    expect(unknown).to.deep.equal(wrong);
  });

  it('spends a hash comparison on an unknown or malformed email too', async () => {
    const { hasher, logIn } = await setUp();
    await logIn.execute({ email: 'nobody@example.com', password: 'kernel-1991' });
    await logIn.execute({ email: 'not an email', password: 'kernel-1991' });
    expect(hasher.calls.verifyNull).to.equal(2);
  });

  it('refuses a password over 72 bytes without hashing it', async () => {
    const { hasher, logIn } = await setUp();
    const before = hasher.calls.verify;
    expect(await logIn.execute({ email: 'linus@example.com', password: 'k'.repeat(73) })).to.deep.equal({
      kind: 'invalid-credentials',
    });
    expect(hasher.calls.verify).to.equal(before);
  });

  it('rehashes a stored hash of a lower cost after a successful login', async () => {
    const { users } = await setUp(4);
    const stronger = new FakePasswordHasher(10);
    const result = await new LogIn(users, stronger).execute({ email: 'linus@example.com', password: 'kernel-1991' });
    expect(result.kind).to.equal('ok');
    expect((await users.findById(1))?.passwordHash).to.equal('fake$10$kernel-1991');
  });

  it('leaves the hash alone after a failed login', async () => {
    const { users } = await setUp(4);
    await new LogIn(users, new FakePasswordHasher(10)).execute({ email: 'linus@example.com', password: 'wrong-one' });
    expect((await users.findById(1))?.passwordHash).to.equal('fake$4$kernel-1991');
  });
});
