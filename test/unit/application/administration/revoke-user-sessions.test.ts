import { expect } from 'chai';
import { RevokeUserSessions } from '../../../../src/application/administration/revoke-user-sessions.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  return { ...stores, revokeUserSessions: new RevokeUserSessions(stores.users, stores.endSessions, stores.events) };
}

describe('RevokeUserSessions', () => {
  it('logs a user out everywhere, and finds no session the second time', async () => {
    const { revokeUserSessions, users } = await setUp();
    expect(await revokeUserSessions.execute({ user: { id: 2 } })).to.deep.equal({
      kind: 'ok',
      userId: 2,
      email: 'ada@example.com',
      sessionsEnded: 1,
    });
    expect(await revokeUserSessions.execute({ user: { id: 2 } })).to.include({ sessionsEnded: 0 });
    expect((await users.findById(2))?.lockedAt).to.equal(null);
    expect(await revokeUserSessions.execute({ user: { id: 9 } })).to.deep.equal({ kind: 'not-found' });
  });

  it("records the act on the user's activity, naming the administrator, and an unknown user as refused", async () => {
    const { revokeUserSessions, recorded, audit } = await setUp();
    await revokeUserSessions.execute({ user: { id: 2 }, actorId: 1, request: testRequest() });
    await revokeUserSessions.execute({ user: { email: 'ada@example.com' } });
    await revokeUserSessions.execute({ user: { email: 'ada' } });

    expect(recorded()).to.deep.equal([
      ['admin.sessions-revoked', 2, 1, null],
      ['admin.sessions-revoked', 2, null, null],
      ['admin.action-refused', null, null, 'revoke-sessions/invalid-email'],
    ]);
    expect((await audit.listOfUser(2, { before: null, limit: 10 })).map(({ type, actorId }) => [type, actorId])).to.deep.equal([
      ['admin.sessions-revoked', null],
      ['admin.sessions-revoked', 1],
    ]);
  });
});
