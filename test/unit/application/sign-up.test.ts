import { expect } from 'chai';
import { SignUp } from '../../../src/application/sign-up.js';
import { Email } from '../../../src/domain/email.js';
import { EmailTakenError } from '../../../src/domain/errors.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/persistence/in-memory-user-repository.js';
import { FakePasswordHasher } from '../../support/fake-password-hasher.js';
import { CLIENT_ADDRESS, testThrottle } from '../../support/throttle.js';
import { ZxcvbnCommonPasswords } from '../../../src/infrastructure/security/zxcvbn-common-passwords.js';

function setUp() {
  const users = new InMemoryUserRepository();
  const hasher = new FakePasswordHasher();
  return { users, hasher, signUp: new SignUp(users, hasher, new ZxcvbnCommonPasswords(), testThrottle()) };
}

describe('SignUp', () => {
  it('creates a non-admin user with the hashed password and the phone', async () => {
    const { users, signUp } = setUp();

    const result = await signUp.execute({
      email: 'Grace@Example.com',
      password: 'cobol-1959',
      phone: ' 555 ',
      clientAddress: CLIENT_ADDRESS,
    });

    expect(result).to.deep.equal({ kind: 'ok', userId: 1 });
    const user = await users.findById(1);
    expect(user?.email.value).to.equal('grace@example.com');
    expect(user?.passwordHash).to.equal('fake$10$cobol-1959');
    expect(user?.phone).to.equal('555');
    expect(user?.admin).to.equal(false);
  });

  it('answers email-taken without hashing when the email exists', async () => {
    const { hasher, signUp } = setUp();
    await signUp.execute({ email: 'grace@example.com', password: 'cobol-1959', clientAddress: CLIENT_ADDRESS });

    const result = await signUp.execute({
      email: 'GRACE@example.com',
      password: 'another-1',
      clientAddress: CLIENT_ADDRESS,
    });

    expect(result).to.deep.equal({ kind: 'email-taken' });
    expect(hasher.calls.hash).to.equal(1);
  });

  it('answers email-taken for a taken email before judging the password or phone (SPEC 5.2)', async () => {
    const { signUp } = setUp();
    await signUp.execute({ email: 'grace@example.com', password: 'cobol-1959', clientAddress: CLIENT_ADDRESS });

    for (const [password, phone] of [
      ['short', ''],
      ['password', ''],
      ['x'.repeat(73), ''],
      ['cobol-1959', '9'.repeat(40)],
    ] as const) {
      const result = await signUp.execute({ email: 'grace@example.com', password, phone, clientAddress: CLIENT_ADDRESS });
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
    const result = await new SignUp(
      users,
      new FakePasswordHasher(),
      new ZxcvbnCommonPasswords(),
      testThrottle(),
    ).execute({
      email: 'a@b.co',
      password: 'password-1',
      clientAddress: CLIENT_ADDRESS,
    });
    expect(result).to.deep.equal({ kind: 'email-taken' });
  });

  it('lets other repository failures propagate', async () => {
    const users = new InMemoryUserRepository();
    users.create = async () => {
      throw new Error('disk full');
    };
    const signUp = new SignUp(users, new FakePasswordHasher(), new ZxcvbnCommonPasswords(), testThrottle());
    let caught: unknown;
    await signUp
      .execute({ email: 'a@b.co', password: 'password-1', clientAddress: CLIENT_ADDRESS })
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
      expect(await signUp.execute({ ...input, clientAddress: CLIENT_ADDRESS })).to.deep.equal({ kind });
      expect(await users.findByEmail(Email.parse('a@b.co') as Email)).to.equal(null);
      expect(hasher.calls.hash).to.equal(0);
    });
  }
});
