import { expect } from 'chai';
import { CheckAdminAccess } from '../../../../src/application/administration/check-admin-access.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';

async function setUp() {
  const users = new InMemoryUserRepository();
  for (const email of ['root@example.com', 'ada@example.com']) {
    await users.create({ email: Email.parse(email) as Email, passwordHash: `fake$10$${email}`, phone: null });
  }
  await users.setAdmin(1, true);
  return { users, check: new CheckAdminAccess(users) };
}

describe('CheckAdminAccess', () => {
  it('answers true for an administrator and false for a member', async () => {
    const { check } = await setUp();
    expect(await check.execute(1)).to.equal(true);
    expect(await check.execute(2)).to.equal(false);
  });

  it('reads the record on every call: a flag granted or revoked counts at once', async () => {
    const { users, check } = await setUp();
    await users.setAdmin(2, true);
    expect(await check.execute(2)).to.equal(true);
    await users.setAdmin(2, false);
    expect(await check.execute(2)).to.equal(false);
  });

  it('answers false for a locked administrator and for a user that no longer exists', async () => {
    const { users, check } = await setUp();
    await users.setLocked(1, true);
    expect(await check.execute(1)).to.equal(false);
    expect(await check.execute(99)).to.equal(false);
  });
});
