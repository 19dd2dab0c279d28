import { expect } from 'chai';
import { SetUserAdmin } from '../../../../src/application/administration/set-user-admin.js';
import { rememberOn } from '../../../support/remember-me.js';
import { rootAndAda } from './fixture.js';

async function setUp() {
  const stores = await rootAndAda();
  return { ...stores, setUserAdmin: new SetUserAdmin(stores.transactions) };
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
  });
});
