import { expect } from 'chai';
import { UnlockUser } from '../../../../src/application/administration/unlock-user.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  await stores.users.setLocked(2, true);
  return { ...stores, unlockUser: new UnlockUser(stores.users, stores.events) };
}

describe('UnlockUser', () => {
  it('unlocks, and says when there was nothing to unlock', async () => {
    const { unlockUser, user } = await setUp();
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
    const { unlockUser } = await setUp();
    expect(await unlockUser.execute({ user: { email: 'nobody@example.com' } })).to.deep.equal({ kind: 'not-found' });
    expect(await unlockUser.execute({ user: { id: 9 } })).to.deep.equal({ kind: 'not-found' });
  });

  it("records the unlock on the user's activity, naming the administrator; a repeat as unchanged; an unknown user as refused", async () => {
    const { unlockUser, recorded, audit } = await setUp();
    await unlockUser.execute({ user: { id: 2 }, actorId: 1, request: testRequest() });
    await unlockUser.execute({ user: { email: 'ada@example.com' } });
    await unlockUser.execute({ user: { id: 9 }, actorId: 1, request: testRequest() });

    expect(recorded()).to.deep.equal([
      ['admin.user-unlocked', 2, 1, null],
      ['admin.user-unlocked', 2, null, 'unchanged'],
      ['admin.action-refused', 9, 1, 'unlock/not-found'],
    ]);
    expect((await audit.listOfUser(2, { before: null, limit: 10 })).map(({ type }) => type)).to.deep.equal([
      'admin.user-unlocked',
      'admin.user-unlocked',
    ]);
  });
});
