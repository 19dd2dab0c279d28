import { expect } from 'chai';
import { ListUsers, type ListUsersInput, USERS_PAGE_SIZE } from '../../../../src/application/administration/list-users.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { ManualClock } from '../../../support/throttle.js';
import { silentLogger } from '../../../../src/web/shared/logger.js';

async function withUsers(count: number, email = (i: number) => `u${i}@example.com`) {
  const users = new InMemoryUserRepository();
  for (let i = 1; i <= count; i += 1) {
    await users.create({ email: Email.parse(email(i)) as Email, passwordHash: `secret-${i}`, phone: null });
  }
  return { users, listUsers: new ListUsers(users, new ManualClock(), silentLogger) };
}

/** The page a listing gives; fails the test on a refusal. */
async function page(listUsers: ListUsers, input: ListUsersInput) {
  const result = await listUsers.execute(input);
  if (result.kind !== 'ok') throw new Error(`refused: ${result.kind}`);
  return result;
}

describe('ListUsers', () => {
  it('gives the first page, the cursor of the next and the total', async () => {
    const { listUsers } = await withUsers(USERS_PAGE_SIZE + 1);
    const first = await page(listUsers, { afterId: null });
    expect(first.users.map((u) => u.id)).to.deep.equal(Array.from({ length: USERS_PAGE_SIZE }, (_, i) => i + 1));
    expect(first.nextAfterId).to.equal(USERS_PAGE_SIZE);
    expect(first.total).to.equal(USERS_PAGE_SIZE + 1);
  });

  it('gives no cursor when the page is the last, even when exactly full', async () => {
    const { listUsers } = await withUsers(USERS_PAGE_SIZE);
    const last = await page(listUsers, { afterId: null });
    expect(last.users).to.have.length(USERS_PAGE_SIZE);
    expect(last.nextAfterId).to.equal(null);
  });

  it('continues after the given id', async () => {
    const { listUsers } = await withUsers(60);
    const rest = await page(listUsers, { afterId: 55 });
    expect(rest.users.map((u) => u.id)).to.deep.equal([56, 57, 58, 59, 60]);
  });

  it('never carries the password hash', async () => {
    const { listUsers } = await withUsers(2);
    expect(JSON.stringify(await listUsers.execute({ afterId: null }))).not.to.include('secret-');
  });

  it('searches case-insensitively, trimmed, in email order, with the cursor of the next page by email', async () => {
    const { listUsers } = await withUsers(USERS_PAGE_SIZE + 2, (i) => `user${String(i).padStart(3, '0')}@example.com`);
    const first = await page(listUsers, { afterId: null, query: '  USER0 ', match: 'prefix' });
    expect(first.total).to.equal(USERS_PAGE_SIZE + 2);
    expect(first.users[0]?.email).to.equal('user001@example.com');
    expect(first.nextAfterId).to.equal(null);
    expect(first.nextAfterEmail).to.equal('user050@example.com');
    const next = await page(listUsers, { afterId: null, query: 'user0', afterEmail: first.nextAfterEmail });
    expect(next.users.map((u) => u.email)).to.deep.equal(['user051@example.com', 'user052@example.com']);
  });

  it('finds a part of the address with a substring search, and only the start with a prefix search', async () => {
    const { listUsers } = await withUsers(3, (i) => ['ada@example.com', 'bob@ada.org', 'cy@example.net'][i - 1] ?? '');
    const anywhere = await page(listUsers, { afterId: null, query: 'ada', match: 'substring' });
    expect(anywhere.users.map((u) => u.email)).to.deep.equal(['ada@example.com', 'bob@ada.org']);
    const start = await page(listUsers, { afterId: null, query: 'ada' });
    expect(start.users.map((u) => u.email)).to.deep.equal(['ada@example.com']);
  });

  it('finds nobody for text no address can hold, without asking the store', async () => {
    const { users, listUsers } = await withUsers(2);
    users.search = () => Promise.reject(new Error('the store was asked'));
    const none = await page(listUsers, { afterId: null, query: 'ü ber', match: 'substring' });
    expect({ users: none.users, total: none.total }).to.deep.equal({ users: [], total: 0 });
  });

  it('refuses a search longer than an address can be', async () => {
    const { listUsers } = await withUsers(1);
    expect(await listUsers.execute({ afterId: null, query: 'a'.repeat(255) })).to.deep.equal({ kind: 'query-too-long' });
    expect((await listUsers.execute({ afterId: null, query: 'a'.repeat(254) })).kind).to.equal('ok');
  });

  it('lists and counts the users a filter keeps', async () => {
    const { users, listUsers } = await withUsers(3);
    await users.setLocked(2, true);
    const locked = await page(listUsers, { afterId: null, filter: 'locked' });
    expect({ ids: locked.users.map((u) => u.id), total: locked.total }).to.deep.equal({ ids: [2], total: 1 });
  });
});
