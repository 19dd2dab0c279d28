import { expect } from 'chai';
import { ListUsers, USERS_PAGE_SIZE } from '../../../src/application/list-users.js';
import { Email } from '../../../src/domain/email.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/persistence/in-memory-user-repository.js';

async function withUsers(count: number) {
  const users = new InMemoryUserRepository();
  for (let i = 1; i <= count; i += 1) {
    await users.create({ email: Email.parse(`u${i}@example.com`) as Email, passwordHash: `secret-${i}`, phone: null });
  }
  return new ListUsers(users);
}

describe('ListUsers', () => {
  it('gives the first page and the cursor of the next', async () => {
    const page = await (await withUsers(USERS_PAGE_SIZE + 1)).execute({ afterId: null });
    expect(page.users.map((u) => u.id)).to.deep.equal(Array.from({ length: USERS_PAGE_SIZE }, (_, i) => i + 1));
    expect(page.nextAfterId).to.equal(USERS_PAGE_SIZE);
  });

  it('gives no cursor when the page is the last, even when exactly full', async () => {
    const page = await (await withUsers(USERS_PAGE_SIZE)).execute({ afterId: null });
    expect(page.users).to.have.length(USERS_PAGE_SIZE);
    expect(page.nextAfterId).to.equal(null);
  });

  it('continues after the given id', async () => {
    const page = await (await withUsers(60)).execute({ afterId: 55 });
    expect(page.users.map((u) => u.id)).to.deep.equal([56, 57, 58, 59, 60]);
  });

  it('never carries the password hash', async () => {
    const page = await (await withUsers(2)).execute({ afterId: null });
    expect(JSON.stringify(page)).not.to.include('secret-');
  });
});
