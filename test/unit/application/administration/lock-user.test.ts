import { expect } from 'chai';
import { LockUser } from '../../../../src/application/administration/lock-user.js';
import { UnlockUser } from '../../../../src/application/administration/unlock-user.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  return { ...stores, lockUser: new LockUser(stores.transactions, stores.endSessions), unlockUser: new UnlockUser(stores.users) };
}

describe('LockUser and UnlockUser', () => {
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

  it('unlocks, and says when there was nothing to unlock', async () => {
    const { lockUser, unlockUser, user } = await setUp();
    await lockUser.execute({ user: { id: 2 } });
    expect(await unlockUser.execute({ user: { email: 'ada@example.com' } })).to.deep.equal({
      kind: 'ok',
      userId: 2,
      email: 'ada@example.com',
      changed: true,
    });
    expect((await user(2)).lockedAt).to.equal(null);
    expect(await unlockUser.execute({ user: { id: 2 } })).to.include({ changed: false });
  });

  it('answers not-found for a user that does not exist', async () => {
    const { lockUser, unlockUser } = await setUp();
    expect(await lockUser.execute({ user: { id: 9 } })).to.deep.equal({ kind: 'not-found' });
    expect(await unlockUser.execute({ user: { email: 'nobody@example.com' } })).to.deep.equal({ kind: 'not-found' });
  });
});
