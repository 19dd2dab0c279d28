import { expect } from 'chai';
import { RevokeUserSessions } from '../../../../src/application/administration/revoke-user-sessions.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  return { ...stores, revokeUserSessions: new RevokeUserSessions(stores.transactions, stores.endSessions, stores.clock, stores.events) };
}

describe('RevokeUserSessions', () => {
  it('queues a notice to the owner on each act, naming an administrator or an operator, and none for nobody', async () => {
    const { revokeUserSessions, outbox } = await setUp();
    await revokeUserSessions.execute({ user: { id: 2 }, actorId: 1 });
    await revokeUserSessions.execute({ user: { email: 'ada@example.com' } });
    await revokeUserSessions.execute({ user: { id: 9 } });
    expect(outbox.queued).to.deep.equal([
      { kind: 'acted-on-by-admin', to: 'ada@example.com', act: 'logged-out-everywhere', by: 'administrator' },
      { kind: 'acted-on-by-admin', to: 'ada@example.com', act: 'logged-out-everywhere', by: 'operator' },
    ]);
  });

  it('keeps the sessions when the notice cannot be queued', async () => {
    const { revokeUserSessions, outbox, sessions, now } = await setUp();
    outbox.enqueue = () => Promise.reject(new Error('outbox unavailable'));
    let failed = false;
    await revokeUserSessions.execute({ user: { id: 2 } }).catch(() => (failed = true));
    expect(failed).to.equal(true);
    expect(await sessions.countOfUser(2, now)).to.equal(1);
  });

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
