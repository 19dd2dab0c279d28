import { expect } from 'chai';
import { AuthorizeAdmin } from '../../../../src/application/administration/authorize-admin.js';
import { GetProfile } from '../../../../src/application/accounts/get-profile.js';
import { SetAdminFlag } from '../../../../src/application/administration/set-admin-flag.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { EndSessions } from '../../../../src/application/devices/end-sessions.js';
import { InMemoryRememberTokens } from '../../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { rememberOn } from '../../../support/remember-me.js';
import { MemorySessionStorage } from '../../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { captureLog } from '../../../support/captured-log.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';

async function setUp() {
  const users = new InMemoryUserRepository();
  await users.create({ email: Email.parse('root@example.com') as Email, passwordHash: 'h', phone: '1' });
  const sessions = new MemorySessionStorage();
  const rememberTokens = new InMemoryRememberTokens();
  const log = captureLog();
  const { events, audit } = testSecurityEvents({ logger: log.logger });
  const setAdminFlag = new SetAdminFlag(users, new EndSessions(sessions, rememberTokens), events);
  return { users, sessions, rememberTokens, log, audit, setAdminFlag, authorizeAdmin: new AuthorizeAdmin(users) };
}

describe('SetAdminFlag and AuthorizeAdmin', () => {
  it('denies a user until the flag is granted, and again once revoked', async () => {
    const { setAdminFlag, authorizeAdmin } = await setUp();
    expect(await authorizeAdmin.execute(1)).to.deep.equal({ kind: 'denied' });

    expect(await setAdminFlag.execute({ email: 'ROOT@example.com', admin: true })).to.deep.equal({
      kind: 'ok',
      email: 'root@example.com',
      admin: true,
      changed: true,
    });
    expect(await authorizeAdmin.execute(1)).to.deep.equal({ kind: 'allowed' });

    await setAdminFlag.execute({ email: 'root@example.com', admin: false });
    expect(await authorizeAdmin.execute(1)).to.deep.equal({ kind: 'denied' });
  });

  it('ends every session of the user when the flag is revoked, and none when it is granted', async () => {
    const { setAdminFlag, sessions } = await setUp();
    const now = Date.now();
    const record = (userId: number) => ({ data: {}, userId, expiresAt: now + 60_000, absoluteExpiresAt: now + 60_000, device: null });
    await sessions.insert('root-laptop', record(1));
    await sessions.insert('other', record(2));

    await setAdminFlag.execute({ email: 'root@example.com', admin: true });
    expect(await sessions.find('root-laptop', now)).not.to.equal(null);

    await setAdminFlag.execute({ email: 'root@example.com', admin: false });
    expect(await sessions.find('root-laptop', now)).to.equal(null);
    expect(await sessions.find('other', now)).not.to.equal(null);
  });

  it('forgets every remembered device of the user when the flag is revoked', async () => {
    const { setAdminFlag, rememberTokens } = await setUp();
    const now = Date.now();
    await setAdminFlag.execute({ email: 'root@example.com', admin: true });
    await rememberOn(rememberTokens, 1, now);

    await setAdminFlag.execute({ email: 'root@example.com', admin: false });

    expect(await rememberTokens.listOfUser(1, now)).to.deep.equal([]);
  });

  it('records a grant and a revocation on the user\'s activity, with the administrator who acted', async () => {
    const { setAdminFlag, log, audit } = await setUp();

    await setAdminFlag.execute({ email: 'root@example.com', admin: true });
    await setAdminFlag.execute({ email: 'root@example.com', admin: false, actorId: 7, request: testRequest() });

    const lines = log.lines().map(({ event, userId, actorId, ip }) => ({ event, userId, actorId, ip }));
    expect(lines).to.deep.equal([
      { event: 'admin.granted', userId: 1, actorId: undefined, ip: undefined },
      { event: 'admin.revoked', userId: 1, actorId: 7, ip: '192.0.2.1' },
    ]);
    const stored = await audit.listOfUser(1, { before: null, limit: 10 });
    expect(stored.map(({ type, actorId, ip }) => ({ type, actorId, ip }))).to.deep.equal([
      { type: 'admin.revoked', actorId: 7, ip: '192.0.2.1' },
      { type: 'admin.granted', actorId: null, ip: null },
    ]);
  });

  it('records nothing when the flag already had the wanted value', async () => {
    const { setAdminFlag, log } = await setUp();
    await setAdminFlag.execute({ email: 'root@example.com', admin: false });
    expect(log.lines()).to.deep.equal([]);
  });

  it('says when the flag already had the wanted value', async () => {
    const { setAdminFlag } = await setUp();
    expect(await setAdminFlag.execute({ email: 'root@example.com', admin: false })).to.include({ changed: false });
  });

  it('answers unknown-email and invalid-email', async () => {
    const { setAdminFlag } = await setUp();
    expect(await setAdminFlag.execute({ email: 'who@example.com', admin: true })).to.deep.equal({
      kind: 'unknown-email',
    });
    expect(await setAdminFlag.execute({ email: 'who', admin: true })).to.deep.equal({ kind: 'invalid-email' });
  });

  it('denies an id with no user', async () => {
    const { authorizeAdmin } = await setUp();
    expect(await authorizeAdmin.execute(99)).to.deep.equal({ kind: 'denied' });
  });
});

describe('GetProfile', () => {
  it('returns the profile without the password hash', async () => {
    const { users } = await setUp();
    const result = await new GetProfile(users).execute(1);
    expect(result.kind).to.equal('ok');
    if (result.kind !== 'ok') return;
    expect(result.profile).to.include({ id: 1, email: 'root@example.com', phone: '1', admin: false });
    expect(result.profile).not.to.have.property('passwordHash');
  });

  it('answers not-found for a deleted user', async () => {
    const { users } = await setUp();
    expect(await new GetProfile(users).execute(2)).to.deep.equal({ kind: 'not-found' });
  });

  it('denies a locked administrator, should a session have outlived the lock', async () => {
    const { users, setAdminFlag, authorizeAdmin } = await setUp();
    await setAdminFlag.execute({ email: 'root@example.com', admin: true });
    await users.setLocked(1, true);
    expect(await authorizeAdmin.execute(1)).to.deep.equal({ kind: 'denied' });
  });
});
