import { expect } from 'chai';
import type { EmailSearch, UserRepository } from '../../../src/application/shared/ports/user-repository.js';
import { Email } from '../../../src/domain/shared/email.js';
import type { User } from '../../../src/domain/shared/user.js';

async function create(users: UserRepository, email: string): Promise<User> {
  const parsed = Email.parse(email);
  if (!parsed) throw new Error(`bad test email ${email}`);
  return users.create({ email: parsed, passwordHash: 'hash', phone: null });
}

const prefix = (text: string): EmailSearch => ({ text, match: 'prefix' });
const substring = (text: string): EmailSearch => ({ text, match: 'substring' });
const emails = (found: readonly User[]) => found.map((user) => user.email.value);

/**
 * What every `UserRepository` adapter must do for the administration pages: locks, the
 * last login, filters, searches and counts. Part of `userRepositoryContract`, on its
 * fresh repository (`repository()`) for each test.
 */
export function userAdministrationContract(repository: () => UserRepository): void {
  let users: UserRepository;
  beforeEach(() => {
    users = repository();
  });

  describe('locks and logins', () => {
    it('creates a user neither locked nor ever logged in', async () => {
      const ada = await create(users, 'ada@example.com');
      expect({ lockedAt: ada.lockedAt, lastLoginAt: ada.lastLoginAt }).to.deep.equal({ lockedAt: null, lastLoginAt: null });
      const found = await users.findById(ada.id);
      expect({ lockedAt: found?.lockedAt, lastLoginAt: found?.lastLoginAt }).to.deep.equal({ lockedAt: null, lastLoginAt: null });
    });

    it('locks one user with the time of the lock, keeps that time on a second lock, and unlocks', async () => {
      const ada = await create(users, 'ada@example.com');
      const bob = await create(users, 'bob@example.com');
      const before = Date.now();
      expect(await users.setLocked(ada.id, true)).to.equal(true);
      const lockedAt = (await users.findById(ada.id))?.lockedAt;
      expect(lockedAt).to.be.instanceOf(Date);
      expect(lockedAt?.getTime()).to.be.within(before - 1000, Date.now() + 1000);
      expect((await users.findById(bob.id))?.lockedAt).to.equal(null);

      expect(await users.setLocked(ada.id, true)).to.equal(true);
      expect((await users.findById(ada.id))?.lockedAt?.getTime()).to.equal(lockedAt?.getTime());

      expect(await users.setLocked(ada.id, false)).to.equal(true);
      expect((await users.findById(ada.id))?.lockedAt).to.equal(null);
    });

    it('records a login of an unlocked user as the last one', async () => {
      const ada = await create(users, 'ada@example.com');
      const before = Date.now();
      expect(await users.recordLogin(ada.id)).to.equal(true);
      expect((await users.findById(ada.id))?.lastLoginAt?.getTime()).to.be.within(before - 1000, Date.now() + 1000);
    });

    it('refuses to record a login of a locked user, keeping the last one', async () => {
      const ada = await create(users, 'ada@example.com');
      await users.setLocked(ada.id, true);
      expect(await users.recordLogin(ada.id)).to.equal(false);
      expect((await users.findById(ada.id))?.lastLoginAt).to.equal(null);
    });

    it('answers false for a lock or a login of an unknown id, however large', async () => {
      for (const id of [987_654, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
        expect(await users.setLocked(id, true)).to.equal(false);
        expect(await users.recordLogin(id)).to.equal(false);
      }
    });

    it('counts only the administrators who are not locked', async () => {
      const ada = await create(users, 'ada@example.com');
      const bob = await create(users, 'bob@example.com');
      await users.setAdmin(ada.id, true);
      await users.setAdmin(bob.id, true);
      await users.setLocked(bob.id, true);
      expect(await users.countAdmins()).to.equal(1);
    });
  });

  describe('filters, searches and counts', () => {
    /** Ada (admin, verified), bob (locked), cy (admin, locked), dee: ids 1–4 in this order. */
    async function four() {
      const [ada, bob, cy, dee] = [
        await create(users, 'ada@example.com'),
        await create(users, 'bob@example.org'),
        await create(users, 'cy@example.com'),
        await create(users, 'dee@example.net'),
      ];
      await users.setAdmin(ada.id, true);
      await users.markEmailVerified(ada.id);
      await users.setLocked(bob.id, true);
      await users.setAdmin(cy.id, true);
      await users.setLocked(cy.id, true);
      return { ada, bob, cy, dee };
    }

    it('lists the users a filter keeps, in id order, a page at a time', async () => {
      await four();
      expect(emails(await users.list({ afterId: null, limit: 10, filter: 'admins' }))).to.deep.equal([
        'ada@example.com',
        'cy@example.com',
      ]);
      expect(emails(await users.list({ afterId: null, limit: 10, filter: 'locked' }))).to.deep.equal([
        'bob@example.org',
        'cy@example.com',
      ]);
      const unverified = await users.list({ afterId: null, limit: 2, filter: 'unverified' });
      expect(emails(unverified)).to.deep.equal(['bob@example.org', 'cy@example.com']);
      const next = await users.list({ afterId: unverified[1]?.id ?? null, limit: 2, filter: 'unverified' });
      expect(emails(next)).to.deep.equal(['dee@example.net']);
      expect(await users.list({ afterId: null, limit: 10, filter: null })).to.have.length(4);
    });

    it('finds the addresses that start with the text, in email order, a page at a time', async () => {
      for (const email of ['d2@example.com', 'da@example.com', 'd1@example.com', 'ad@example.com', 'd@example.com']) {
        await create(users, email);
      }
      const first = await users.search({ search: prefix('d'), filter: null, afterEmail: null, limit: 2 });
      expect(emails(first)).to.deep.equal(['d1@example.com', 'd2@example.com']);
      const rest = await users.search({ search: prefix('d'), filter: null, afterEmail: 'd2@example.com', limit: 10 });
      expect(emails(rest)).to.deep.equal(['d@example.com', 'da@example.com']);
    });

    it('finds by a prefix up to the whole address and no further', async () => {
      for (const email of ['ab~c@example.com', 'ab@example.com', 'abd@example.com', 'aa@example.com']) {
        await create(users, email);
      }
      const found = async (text: string) =>
        emails(await users.search({ search: prefix(text), filter: null, afterEmail: null, limit: 10 }));
      expect(await found('ab')).to.deep.equal(['ab@example.com', 'abd@example.com', 'ab~c@example.com']);
      expect(await found('ab~')).to.deep.equal(['ab~c@example.com']);
      expect(await found('ab@example.com')).to.deep.equal(['ab@example.com']);
      expect(await found('ab@example.com.')).to.deep.equal([]);
      expect(await found('ac')).to.deep.equal([]);
    });

    it('finds the addresses that contain the text anywhere, in email order', async () => {
      await four();
      const found = await users.search({ search: substring('example.com'), filter: null, afterEmail: null, limit: 10 });
      expect(emails(found)).to.deep.equal(['ada@example.com', 'cy@example.com']);
      const middle = await users.search({ search: substring('e@'), filter: null, afterEmail: null, limit: 10 });
      expect(emails(middle)).to.deep.equal(['dee@example.net']);
    });

    it('takes %, _ and the escape character literally, never as wildcards', async () => {
      for (const email of ['a_b@example.com', 'axb@example.com', 'a%c@example.com', 'abc@example.com']) {
        await create(users, email);
      }
      const found = async (search: EmailSearch) =>
        emails(await users.search({ search, filter: null, afterEmail: null, limit: 10 }));
      expect(await found(prefix('a_'))).to.deep.equal(['a_b@example.com']);
      expect(await found(prefix('a%'))).to.deep.equal(['a%c@example.com']);
      expect(await found(substring('_'))).to.deep.equal(['a_b@example.com']);
      expect(await found(substring('%c'))).to.deep.equal(['a%c@example.com']);
      expect(await found(substring('\\'))).to.deep.equal([]);
      expect(await users.count({ filter: null, search: substring('_') })).to.equal(1);
    });

    it('searches within a filter', async () => {
      await four();
      const found = await users.search({ search: substring('example.'), filter: 'locked', afterEmail: null, limit: 10 });
      expect(emails(found)).to.deep.equal(['bob@example.org', 'cy@example.com']);
    });

    it('counts every user, those a filter keeps, those a search finds, and both', async () => {
      await four();
      expect(await users.count({ filter: null, search: null })).to.equal(4);
      expect(await users.count({ filter: 'admins', search: null })).to.equal(2);
      expect(await users.count({ filter: 'unverified', search: null })).to.equal(3);
      expect(await users.count({ filter: 'locked', search: null })).to.equal(2);
      expect(await users.count({ filter: null, search: prefix('d') })).to.equal(1);
      expect(await users.count({ filter: null, search: substring('.com') })).to.equal(2);
      expect(await users.count({ filter: 'locked', search: substring('.com') })).to.equal(1);
      expect(await users.count({ filter: null, search: prefix('zz') })).to.equal(0);
    });

    it('refuses a search page size that is not a positive integer', async () => {
      let error: unknown;
      await users.search({ search: prefix('a'), filter: null, afterEmail: null, limit: 0 }).catch((caught: unknown) => {
        error = caught;
      });
      expect(error).to.be.instanceOf(RangeError);
    });
  });
}
