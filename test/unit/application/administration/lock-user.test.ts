import { expect } from 'chai';
import { LockUser } from '../../../../src/application/administration/lock-user.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  return { ...stores, lockUser: new LockUser(stores.transactions, stores.endSessions, stores.clock, stores.events) };
}

describe('LockUser', () => {
  it('queues a notice to the owner on a lock that changes the account, naming an administrator or an operator', async () => {
    const { lockUser, outbox } = await setUp();
    await lockUser.execute({ user: { id: 2 }, actorId: 1 });
    await lockUser.execute({ user: { id: 2 }, actorId: 1 });
    expect(outbox.queued).to.deep.equal([
      { kind: 'acted-on-by-admin', to: 'ada@example.com', act: 'locked', by: 'administrator' },
    ]);

    const other = await setUp();
    await other.lockUser.execute({ user: { email: 'ada@example.com' } });
    expect(other.outbox.queued).to.deep.equal([
      { kind: 'acted-on-by-admin', to: 'ada@example.com', act: 'locked', by: 'operator' },
    ]);
  });

  it('queues no notice when it refuses', async () => {
    const { lockUser, outbox } = await setUp();
    await lockUser.execute({ user: { id: 1 } });
    await lockUser.execute({ user: { id: 9 } });
    expect(outbox.queued).to.deep.equal([]);
  });

  it('locks the user and ends every session of theirs', async () => {
    const { lockUser, user, sessions, now } = await setUp();
    expect(await lockUser.execute({ user: { id: 2 } })).to.deep.equal({
      kind: 'ok',
      userId: 2,
      email: 'ada@example.com',
      changed: true,
      sessionsEnded: 1,
    });
    expect((await user(2)).lockedAt).to.be.instanceOf(Date);
    expect(await sessions.countOfUser(2, now)).to.equal(0);
  });

  it('locks a locked user again without change, ending a session opened since', async () => {
    const { lockUser, user, sessions, now } = await setUp();
    await lockUser.execute({ user: { id: 2 } });
    const lockedAt = (await user(2)).lockedAt;
    await sessions.insert('late-login', { data: {}, userId: 2, expiresAt: now + 60_000, absoluteExpiresAt: now + 60_000, device: null });

    expect(await lockUser.execute({ user: { id: 2 } })).to.include({ changed: false, sessionsEnded: 1 });
    expect((await user(2)).lockedAt).to.deep.equal(lockedAt);
  });

  it('never locks the only administrator who can log in, and locks an administrator who is not', async () => {
    const { lockUser, users, user } = await setUp();
    expect(await lockUser.execute({ user: { id: 1 } })).to.deep.equal({ kind: 'last-admin', userId: 1, email: 'root@example.com' });
    expect((await user(1)).lockedAt).to.equal(null);
    await users.setAdmin(2, true);
    expect(await lockUser.execute({ user: { id: 1 } })).to.include({ kind: 'ok', changed: true });
  });

  it('answers not-found and invalid-email', async () => {
    const { lockUser } = await setUp();
    expect(await lockUser.execute({ user: { id: 9 } })).to.deep.equal({ kind: 'not-found' });
    expect(await lockUser.execute({ user: { email: 'ada' } })).to.deep.equal({ kind: 'invalid-email' });
  });

  it("records the lock on the user's activity, naming the administrator; a repeat as unchanged; a refusal with the act and why", async () => {
    const { lockUser, recorded, audit } = await setUp();
    const by = { actorId: 1, request: testRequest() };
    await lockUser.execute({ user: { id: 2 }, ...by });
    await lockUser.execute({ user: { email: 'ada@example.com' } });
    await lockUser.execute({ user: { id: 1 }, ...by });
    await lockUser.execute({ user: { id: 9 }, ...by });

    expect(recorded()).to.deep.equal([
      ['admin.user-locked', 2, 1, null],
      ['admin.user-locked', 2, null, 'unchanged'],
      ['admin.action-refused', 1, 1, 'lock/last-admin'],
      ['admin.action-refused', 9, 1, 'lock/not-found'],
    ]);
    const stored = await audit.listOfUser(2, { before: null, limit: 10 });
    expect(stored.map(({ type, actorId }) => [type, actorId])).to.deep.equal([
      ['admin.user-locked', null],
      ['admin.user-locked', 1],
    ]);
  });
});
