import { expect } from 'chai';
import { AuthorizeAdmin } from '../../../../src/application/administration/authorize-admin.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  return { ...stores, authorizeAdmin: new AuthorizeAdmin(stores.users, stores.events) };
}

describe('AuthorizeAdmin', () => {
  it('allows an administrator and denies a user until the flag is granted, and again once revoked: the record is read each time', async () => {
    const { authorizeAdmin, users } = await setUp();
    expect(await authorizeAdmin.execute({ userId: 1 })).to.deep.equal({ kind: 'allowed' });
    expect(await authorizeAdmin.execute({ userId: 2 })).to.deep.equal({ kind: 'denied' });

    await users.setAdmin(2, true);
    expect(await authorizeAdmin.execute({ userId: 2 })).to.deep.equal({ kind: 'allowed' });
    await users.setAdmin(2, false);
    expect(await authorizeAdmin.execute({ userId: 2 })).to.deep.equal({ kind: 'denied' });
  });

  it('denies a locked administrator, should a session have outlived the lock', async () => {
    const { authorizeAdmin, users } = await setUp();
    await users.setLocked(1, true);
    expect(await authorizeAdmin.execute({ userId: 1 })).to.deep.equal({ kind: 'denied' });
  });

  it('denies an id with no user, and an anonymous session', async () => {
    const { authorizeAdmin } = await setUp();
    expect(await authorizeAdmin.execute({ userId: 99 })).to.deep.equal({ kind: 'denied' });
    expect(await authorizeAdmin.execute({ userId: undefined })).to.deep.equal({ kind: 'denied' });
  });

  it('records each refusal as admin.refused with the request, and nothing when it allows', async () => {
    const { authorizeAdmin, log } = await setUp();
    await authorizeAdmin.execute({ userId: 1, request: testRequest() });
    await authorizeAdmin.execute({ userId: 2, request: testRequest() });
    await authorizeAdmin.execute({ userId: undefined, request: testRequest() });

    expect(log.lines().map(({ event, userId, ip, level }) => ({ event, userId, ip, level }))).to.deep.equal([
      { event: 'admin.refused', userId: 2, ip: '192.0.2.1', level: 'warn' },
      { event: 'admin.refused', userId: undefined, ip: '192.0.2.1', level: 'warn' },
    ]);
  });
});
