import { expect } from 'chai';
import { SetUserAdmin } from '../../../../src/application/administration/set-user-admin.js';
import { rememberOn } from '../../../support/remember-me.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  return { ...stores, setUserAdmin: new SetUserAdmin(stores.transactions, stores.events) };
}

describe('SetUserAdmin', () => {
  it('grants the flag, ending no session, and says so once', async () => {
    const { setUserAdmin, user, sessions, now } = await setUp();
    expect(await setUserAdmin.execute({ user: { id: 2 }, admin: true })).to.deep.equal({
      kind: 'ok',
      userId: 2,
      email: 'ada@example.com',
      admin: true,
      changed: true,
    });
    expect((await user(2)).admin).to.equal(true);
    expect(await sessions.countOfUser(2, now)).to.equal(1);
    expect(await setUserAdmin.execute({ user: { id: 2 }, admin: true })).to.include({ changed: false });
  });

  it('grants by email as typed, as the command line does', async () => {
    const { setUserAdmin, user } = await setUp();
    expect(await setUserAdmin.execute({ user: { email: ' ADA@example.com' }, admin: true })).to.include({ kind: 'ok', email: 'ada@example.com' });
    expect((await user(2)).admin).to.equal(true);
  });

  it("revokes the flag and keeps the user's sessions and remembered devices", async () => {
    const { setUserAdmin, users, sessions, rememberTokens, now } = await setUp();
    await users.setAdmin(2, true);
    await rememberOn(rememberTokens, 2, now);
    expect(await setUserAdmin.execute({ user: { email: 'ada@example.com' }, admin: false })).to.deep.equal({
      kind: 'ok',
      userId: 2,
      email: 'ada@example.com',
      admin: false,
      changed: true,
    });
    expect((await users.findById(2))?.admin).to.equal(false);
    expect(await sessions.countOfUser(2, now)).to.equal(1);
    expect(await rememberTokens.listOfUser(2, now)).to.have.length(1);
  });

  it('keeps the flag of the only administrator who can log in', async () => {
    const { setUserAdmin, user, sessions, now } = await setUp();
    expect(await setUserAdmin.execute({ user: { id: 1 }, admin: false })).to.deep.equal({
      kind: 'last-admin',
      userId: 1,
      email: 'root@example.com',
    });
    expect((await user(1)).admin).to.equal(true);
    expect(await sessions.countOfUser(1, now)).to.equal(1);
  });

  it('revokes the flag of an administrator when another one can log in', async () => {
    const { setUserAdmin, users } = await setUp();
    await users.setAdmin(2, true);
    expect(await setUserAdmin.execute({ user: { email: 'root@example.com' }, admin: false })).to.include({ kind: 'ok', changed: true });
    expect(await users.countAdmins()).to.equal(1);
  });

  it('lets only one of two administrators revoking each other at once succeed', async () => {
    const { setUserAdmin, users } = await setUp();
    await users.setAdmin(2, true);
    const results = await Promise.all([
      setUserAdmin.execute({ user: { id: 1 }, admin: false }),
      setUserAdmin.execute({ user: { id: 2 }, admin: false }),
    ]);
    expect(results.map((result) => result.kind).sort()).to.deep.equal(['last-admin', 'ok']);
    expect(await users.countAdmins()).to.equal(1);
  });

  it('answers not-found and invalid-email', async () => {
    const { setUserAdmin } = await setUp();
    expect(await setUserAdmin.execute({ user: { id: 9 }, admin: true })).to.deep.equal({ kind: 'not-found' });
    expect(await setUserAdmin.execute({ user: { email: 'ada' }, admin: true })).to.deep.equal({ kind: 'invalid-email' });
    expect(await setUserAdmin.execute({ user: { email: 'who@example.com' }, admin: true })).to.deep.equal({ kind: 'not-found' });
  });

  it("records a grant and a revocation on the user's activity, naming the administrator, or none for the command line", async () => {
    const { setUserAdmin, log, audit } = await setUp();

    await setUserAdmin.execute({ user: { email: 'ada@example.com' }, admin: true });
    await setUserAdmin.execute({ user: { id: 2 }, admin: false, actorId: 1, request: testRequest() });

    const lines = log.lines().map(({ event, userId, actorId, ip, requestId }) => ({ event, userId, actorId, ip, requestId }));
    expect(lines).to.deep.equal([
      { event: 'admin.granted', userId: 2, actorId: undefined, ip: undefined, requestId: undefined },
      { event: 'admin.revoked', userId: 2, actorId: 1, ip: '192.0.2.1', requestId: 'test-request' },
    ]);
    const stored = await audit.listOfUser(2, { before: null, limit: 10 });
    expect(stored.map(({ type, actorId, ip }) => ({ type, actorId, ip }))).to.deep.equal([
      { type: 'admin.revoked', actorId: 1, ip: '192.0.2.1' },
      { type: 'admin.granted', actorId: null, ip: null },
    ]);
  });

  it('records a repeat as unchanged, and a refusal as admin.action-refused with the act and why', async () => {
    const { setUserAdmin, recorded } = await setUp();
    const by = { actorId: 1, request: testRequest() };
    await setUserAdmin.execute({ user: { id: 2 }, admin: false, ...by });
    await setUserAdmin.execute({ user: { id: 1 }, admin: false, ...by });
    await setUserAdmin.execute({ user: { id: 9 }, admin: true, ...by });
    await setUserAdmin.execute({ user: { email: 'who@example.com' }, admin: true });

    expect(recorded()).to.deep.equal([
      ['admin.revoked', 2, 1, 'unchanged'],
      ['admin.action-refused', 1, 1, 'revoke-admin/last-admin'],
      ['admin.action-refused', 9, 1, 'grant-admin/not-found'],
      ['admin.action-refused', null, null, 'grant-admin/not-found'],
    ]);
  });
});
