import { expect } from 'chai';
import type { Knex } from 'knex';
import { seedUsers } from '../../bench/seed.js';
import { Email } from '../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { KnexUserRepository } from '../../src/infrastructure/shared/users/knex-user-repository.js';

describe('seedUsers (the bench database)', () => {
  let db: Knex;
  beforeEach(async () => {
    db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
    await migrateToLatest(db);
  });
  afterEach(() => db.destroy());

  it('fills the users table to the total, every row with the shared hash, and reports the last id', async () => {
    const seeded = await seedUsers(db, { total: 1234, accounts: 20, passwordHash: 'shared-hash' });

    const [counted] = await db('users').count({ rows: '*' }).countDistinct({ emails: 'email' });
    expect(counted).to.deep.equal({ rows: 1234, emails: 1234 });
    expect(await db('users').whereNot({ password_hash: 'shared-hash' }).count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    const [last] = await db('users').max({ id: 'id' });
    expect(seeded.lastId).to.equal(last?.id);
  });

  it('makes the admin an administrator and the member and the login accounts not', async () => {
    const seeded = await seedUsers(db, { total: 50, accounts: 5, codeAccounts: 2, passwordHash: 'shared-hash' });
    const users = new KnexUserRepository(db);
    const adminFlag = async (email: string) => (await users.findByEmail(Email.fromTrusted(email)))?.admin;

    expect(await adminFlag(seeded.admin)).to.equal(true);
    expect(await adminFlag(seeded.member)).to.equal(false);
    expect(seeded.accounts).to.have.length(5);
    expect(await Promise.all(seeded.accounts.map(adminFlag))).to.deep.equal([false, false, false, false, false]);
    expect(await Promise.all(seeded.codeAccounts.map(adminFlag))).to.deep.equal([false, false]);
    expect(await db('users').count({ n: '*' })).to.deep.equal([{ n: 50 }]);
  });
});
