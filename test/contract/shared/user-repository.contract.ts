import { expect } from 'chai';
import type { Transactions } from '../../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../../src/application/shared/ports/user-repository.js';
import { Email } from '../../../src/domain/shared/email.js';
import { EmailTakenError } from '../../../src/domain/shared/errors.js';
import type { NewUser } from '../../../src/domain/shared/user.js';
import { testSignUp } from '../../support/accounts.js';
import { testRequest } from '../../support/audit/security-events.js';
import { userAdministrationContract } from './user-administration.contract.js';

/** A fresh, empty repository for one test, and how to release it afterwards. */
export interface RepositoryUnderTest {
  readonly users: UserRepository;
  /** Transactions whose stores write where `users` does (sign-up creates users through them). */
  readonly transactions: Transactions;
  close(): Promise<void>;
}

/** Builds an empty adapter; called once per test. */
export type RepositoryFactory = () => Promise<RepositoryUnderTest>;

function email(raw: string): Email {
  const parsed = Email.parse(raw);
  if (!parsed) throw new Error(`bad test email ${raw}`);
  return parsed;
}

function newUser(email: string, phone: string | null = null): NewUser {
  const parsed = Email.parse(email);
  if (!parsed) throw new Error(`bad test email ${email}`);
  return { email: parsed, passwordHash: `hash-of-${email.slice(0, 20)}`, phone };
}

/**
 * What every `UserRepository` adapter must do, edge cases included. Run it against
 * a new adapter before binding it in the composition root.
 */
export function userRepositoryContract(makeRepository: RepositoryFactory): void {
  let subject: RepositoryUnderTest;
  let users: UserRepository;

  beforeEach(async () => {
    subject = await makeRepository();
    users = subject.users;
  });
  afterEach(async () => {
    await subject.close();
  });

  userAdministrationContract(() => users);

  it('starts empty', async () => {
    expect(await users.list({ afterId: null, limit: 10 })).to.deep.equal([]);
  });

  it('creates a user with a positive integer id, no admin flag and a creation time', async () => {
    const before = Date.now();
    const created = await users.create(newUser('ada@example.com', '+44 20 7946 0000'));
    expect(created.id).to.be.a('number').and.to.be.greaterThan(0);
    expect(Number.isSafeInteger(created.id)).to.equal(true);
    expect(created.admin).to.equal(false);
    expect(created.createdAt.getTime()).to.be.within(before - 1000, Date.now() + 1000);
  });

  it('finds a created user by email and by id with every field as stored', async () => {
    const created = await users.create(newUser('ada@example.com', '+44 20 7946 0000'));
    for (const found of [await users.findByEmail(created.email), await users.findById(created.id)]) {
      expect(found?.id).to.equal(created.id);
      expect(found?.email.value).to.equal('ada@example.com');
      expect(found?.passwordHash).to.equal('hash-of-ada@example.com');
      expect(found?.phone).to.equal('+44 20 7946 0000');
      expect(found?.admin).to.equal(false);
      expect(found?.createdAt).to.be.instanceOf(Date);
      // Millisecond precision survives the round trip on every database.
      expect(found?.createdAt.getTime()).to.equal(created.createdAt.getTime());
    }
  });

  it('keeps a phone of the longest allowed length with non-ASCII characters exactly', async () => {
    const phone = '☎ +44 (0)20 7946 0000 — büro ext';
    expect(phone.length).to.equal(32);
    const created = await users.create(newUser('ada@example.com', phone));
    expect((await users.findById(created.id))?.phone).to.equal(phone);
  });

  it('keeps a missing phone as null', async () => {
    const created = await users.create(newUser('bob@example.com'));
    expect((await users.findById(created.id))?.phone).to.equal(null);
  });

  it('answers null for an unknown email and an unknown id', async () => {
    await users.create(newUser('ada@example.com'));
    expect(await users.findByEmail(Email.fromTrusted('nobody@example.com'))).to.equal(null);
    expect(await users.findById(987654)).to.equal(null);
  });

  it('answers as for an unknown id for any id a user may have, however large (up to 2^53 - 1)', async () => {
    const ada = await users.create(newUser('ada@example.com'));
    for (const id of [2 ** 31, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      expect(await users.findById(id)).to.equal(null);
      expect(await users.setAdmin(id, true)).to.equal(false);
      expect(await users.updatePasswordHash(id, 'x')).to.equal(false);
      expect(await users.list({ afterId: id, limit: 10 })).to.deep.equal([]);
    }
    expect(await users.list({ afterId: 2 ** 31 - 2, limit: 10 })).to.deep.equal([]);
    expect((await users.findById(ada.id))?.passwordHash).to.equal('hash-of-ada@example.com');
  });

  it('rejects a second user with the same email with EmailTakenError and keeps the first', async () => {
    const first = await users.create(newUser('ada@example.com'));
    let error: unknown;
    try {
      await users.create({ ...newUser('ada@example.com'), passwordHash: 'other' });
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(EmailTakenError);
    expect((await users.findByEmail(first.email))?.passwordHash).to.equal('hash-of-ada@example.com');
    expect(await users.list({ afterId: null, limit: 10 })).to.have.length(1);
  });

  it('hands out copies: changing a returned user changes nothing stored', async () => {
    const created = await users.create(newUser('ada@example.com'));
    (created as { admin: boolean }).admin = true;
    const found = await users.findById(created.id);
    if (found) (found as { passwordHash: string }).passwordHash = 'tampered';
    const again = await users.findById(created.id);
    expect(again?.admin).to.equal(false);
    expect(again?.passwordHash).to.equal('hash-of-ada@example.com');
  });

  it('sets and clears the admin flag as a real boolean', async () => {
    const created = await users.create(newUser('ada@example.com'));
    expect(await users.setAdmin(created.id, true)).to.equal(true);
    expect((await users.findById(created.id))?.admin).to.equal(true);
    expect(await users.setAdmin(created.id, false)).to.equal(true);
    expect((await users.findById(created.id))?.admin).to.equal(false);
  });

  it('answers false when setting the admin flag or a hash of an unknown id', async () => {
    expect(await users.setAdmin(4242, true)).to.equal(false);
    expect(await users.updatePasswordHash(4242, 'x')).to.equal(false);
  });

  it('replaces the password hash of one user only', async () => {
    const ada = await users.create(newUser('ada@example.com'));
    const bob = await users.create(newUser('bob@example.com'));
    expect(await users.updatePasswordHash(ada.id, 'new-hash')).to.equal(true);
    expect((await users.findById(ada.id))?.passwordHash).to.equal('new-hash');
    expect((await users.findById(bob.id))?.passwordHash).to.equal('hash-of-bob@example.com');
  });

  it('lists users in ascending id order, a page at a time', async () => {
    const created = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) created.push(await users.create(newUser(`${name}@example.com`)));
    const ids = created.map((user) => user.id);
    const first = await users.list({ afterId: null, limit: 2 });
    expect(first.map((user) => user.id)).to.deep.equal(ids.slice(0, 2));
    const second = await users.list({ afterId: first[1]?.id ?? null, limit: 2 });
    expect(second.map((user) => user.id)).to.deep.equal(ids.slice(2, 4));
    const last = await users.list({ afterId: ids[3] ?? null, limit: 10 });
    expect(last.map((user) => user.email.value)).to.deep.equal(['e@example.com']);
  });

  it('refuses a page size that is not a positive integer', async () => {
    await users.create(newUser('a@example.com'));
    for (const limit of [0, -1, 1.5, Number.NaN]) {
      let error: unknown;
      await users.list({ afterId: null, limit }).catch((caught: unknown) => {
        error = caught;
      });
      expect(error, `limit ${limit}`).to.be.instanceOf(RangeError);
    }
    expect(await users.list({ afterId: null, limit: 1 })).to.have.length(1);
  });

  it('stores an email of the longest allowed length (254 characters) unchanged', async () => {
    const local = 'a'.repeat(64);
    const email = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email.length).to.equal(254);
    const created = await users.create(newUser(email, '+1 (555) 010-9999'));
    expect((await users.findById(created.id))?.email.value).to.equal(email);
  });

  it('creates exactly one user when 20 sign-ups race for one new email', async () => {
    const signUp = testSignUp(users, subject.transactions);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        signUp.execute({ email: 'race@example.com', password: `password-${n}`, request: testRequest(`192.0.2.${n}`) }),
      ),
    );
    expect(results.filter((result) => result.kind === 'ok')).to.have.length(1);
    expect(results.filter((result) => result.kind === 'email-taken')).to.have.length(19);
    const all = await users.list({ afterId: null, limit: 100 });
    expect(all.map((user) => user.email.value)).to.deep.equal(['race@example.com']);
  });

  it('creates a user with an unverified email', async () => {
    const created = await users.create(newUser('ada@example.com'));
    expect(created.emailVerified).to.equal(false);
    expect((await users.findById(created.id))?.emailVerified).to.equal(false);
  });

  it('marks one user\'s email verified', async () => {
    const ada = await users.create(newUser('ada@example.com'));
    const bob = await users.create(newUser('bob@example.com'));
    expect(await users.markEmailVerified(ada.id)).to.equal(true);
    expect((await users.findById(ada.id))?.emailVerified).to.equal(true);
    expect((await users.findById(bob.id))?.emailVerified).to.equal(false);
  });

  it('changes the email to a verified one, found under the new address only', async () => {
    const ada = await users.create(newUser('ada@example.com'));
    const next = email('ada.lovelace@example.com');
    expect(await users.changeEmail(ada.id, next)).to.equal(true);
    expect(await users.findByEmail(email('ada@example.com'))).to.equal(null);
    const found = await users.findByEmail(next);
    expect(found?.id).to.equal(ada.id);
    expect(found?.emailVerified).to.equal(true);
    // The old address is free again.
    expect((await users.create(newUser('ada@example.com'))).id).to.not.equal(ada.id);
  });

  it('refuses to change the email to another user\'s with EmailTakenError, changing nothing', async () => {
    const ada = await users.create(newUser('ada@example.com'));
    const bob = await users.create(newUser('bob@example.com'));
    let caught: unknown;
    try {
      await users.changeEmail(ada.id, bob.email);
    } catch (error) {
      caught = error;
    }
    expect(caught).to.be.instanceOf(EmailTakenError);
    expect((await users.findById(ada.id))?.email.value).to.equal('ada@example.com');
    expect((await users.findByEmail(bob.email))?.id).to.equal(bob.id);
  });

  it('changes and clears the phone', async () => {
    const ada = await users.create(newUser('ada@example.com', '+1 555 0100'));
    expect(await users.changePhone(ada.id, '+44 20 7946 0000')).to.equal(true);
    expect((await users.findById(ada.id))?.phone).to.equal('+44 20 7946 0000');
    expect(await users.changePhone(ada.id, null)).to.equal(true);
    expect((await users.findById(ada.id))?.phone).to.equal(null);
  });

  it('starts with no language chosen, then keeps and clears the one chosen', async () => {
    const ada = await users.create(newUser('ada@example.com'));
    expect((await users.findById(ada.id))?.locale ?? null).to.equal(null);
    expect(await users.changeLocale(ada.id, 'de')).to.equal(true);
    expect((await users.findById(ada.id))?.locale).to.equal('de');
    expect((await users.findByEmail(ada.email))?.locale).to.equal('de');
    expect(await users.changeLocale(ada.id, null)).to.equal(true);
    expect((await users.findById(ada.id))?.locale ?? null).to.equal(null);
    expect(await users.changeLocale(987_654, 'de')).to.equal(false);
  });

  it('deletes one user, freeing the email', async () => {
    const ada = await users.create(newUser('ada@example.com'));
    const bob = await users.create(newUser('bob@example.com'));
    expect(await users.delete(ada.id)).to.equal(true);
    expect(await users.findById(ada.id)).to.equal(null);
    expect(await users.findByEmail(ada.email)).to.equal(null);
    expect((await users.findById(bob.id))?.email.value).to.equal('bob@example.com');
    expect(await users.delete(ada.id)).to.equal(false);
  });

  it('answers false for every change of an unknown id', async () => {
    const unknown = 987_654;
    expect(await users.markEmailVerified(unknown)).to.equal(false);
    expect(await users.changeEmail(unknown, email('x@example.com'))).to.equal(false);
    expect(await users.changePhone(unknown, null)).to.equal(false);
    expect(await users.delete(unknown)).to.equal(false);
    expect(await users.delete(Number.MAX_SAFE_INTEGER)).to.equal(false);
  });

  it('counts administrators', async () => {
    expect(await users.countAdmins()).to.equal(0);
    const ada = await users.create(newUser('ada@example.com'));
    const bob = await users.create(newUser('bob@example.com'));
    await users.create(newUser('cy@example.com'));
    await users.setAdmin(ada.id, true);
    await users.setAdmin(bob.id, true);
    expect(await users.countAdmins()).to.equal(2);
    await users.setAdmin(bob.id, false);
    expect(await users.countAdmins()).to.equal(1);
  });
}
