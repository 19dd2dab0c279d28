import { expect } from 'chai';
import { DeleteUser } from '../../../../src/application/administration/delete-user.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  return { ...stores, deleteUser: new DeleteUser(stores.transactions, stores.events) };
}

describe('DeleteUser', () => {
  it('deletes the user, their links and every session; a second try finds nobody', async () => {
    const { deleteUser, users, tokens, sessions, now } = await setUp();
    await tokens.issue({ tokenHash: 'h', purpose: 'password-reset', userId: 2, newEmail: 'ada@example.com', expiresAt: now + 60_000 });

    expect(await deleteUser.execute({ user: { id: 2 } })).to.deep.equal({ kind: 'ok', userId: 2, email: 'ada@example.com' });
    expect(await users.findById(2)).to.equal(null);
    expect(await tokens.deleteAllOfUser(2)).to.equal(0);
    expect(await sessions.countOfUser(2, now)).to.equal(0);
    expect(await deleteUser.execute({ user: { id: 2 } })).to.deep.equal({ kind: 'not-found' });
  });

  it("deletes the user's activity with the account, and nobody else's; the trail keeps the deletion", async () => {
    const { deleteUser, audit } = await setUp();
    const event = (userId: number) =>
      ({ userId, type: 'login.succeeded', actorId: null, ip: '192.0.2.1', userAgent: '', requestId: null, at: 0 }) as const;
    await audit.append(event(2));
    await audit.append(event(1));

    await deleteUser.execute({ user: { id: 2 } });

    const left = await audit.listOfUser(2, { before: null, limit: 10 });
    expect(left.map((row) => [row.type, row.targetEmail])).to.deep.equal([['admin.user-deleted', 'ada@example.com']]);
    expect(await audit.listOfUser(1, { before: null, limit: 10 })).to.have.length(1);
  });

  it('ends the sessions of an id whose user is gone already', async () => {
    const { deleteUser, users, sessions, now } = await setUp();
    await users.delete(2);
    expect(await deleteUser.execute({ user: { id: 2 } })).to.deep.equal({ kind: 'not-found' });
    expect(await sessions.countOfUser(2, now)).to.equal(0);
  });

  it('never deletes the only administrator who can log in', async () => {
    const { deleteUser, users, sessions, now } = await setUp();
    expect(await deleteUser.execute({ user: { email: 'root@example.com' } })).to.deep.equal({
      kind: 'last-admin',
      userId: 1,
      email: 'root@example.com',
    });
    expect(await users.findById(1)).to.not.equal(null);
    expect(await sessions.countOfUser(1, now)).to.equal(1);
  });

  it('records the deletion in the log, naming the administrator, and a refusal with the act and why', async () => {
    const { deleteUser, recorded, audit } = await setUp();
    const by = { actorId: 1, request: testRequest() };
    await deleteUser.execute({ user: { id: 2 }, ...by });
    await deleteUser.execute({ user: { id: 2 }, ...by });
    await deleteUser.execute({ user: { email: 'root@example.com' } });

    expect(recorded()).to.deep.equal([
      ['admin.user-deleted', 2, 1, null],
      ['admin.action-refused', 2, 1, 'delete/not-found'],
      ['admin.action-refused', 1, null, 'delete/last-admin'],
    ]);
    // The refusals are not an account's activity; the deletion is an act of the trail.
    expect(await audit.listOfUser(1, { before: null, limit: 10 })).to.deep.equal([]);
    const acts = await audit.listAdminActs({ before: null, limit: 10, filter: {} });
    expect(acts.map((act) => [act.type, act.userId, act.actorId, act.targetEmail])).to.deep.equal([
      ['admin.user-deleted', 2, 1, 'ada@example.com'],
    ]);
  });
});
