import { expect } from 'chai';
import { findUser, isLastAdministrator } from '../../../../src/application/shared/user-ref.js';
import { rootAndAda } from '../administration/fixture.js';

describe('findUser and isLastAdministrator', () => {
  it('finds a user by id or by email as typed, and says why not', async () => {
    const { users } = await rootAndAda();
    expect(await findUser(users, { id: 2 })).to.include({ kind: 'found' });
    const byEmail = await findUser(users, { email: ' ADA@example.com' });
    expect(byEmail.kind === 'found' && byEmail.user.id).to.equal(2);
    expect(await findUser(users, { id: 3 })).to.deep.equal({ kind: 'not-found' });
    expect(await findUser(users, { email: 'nobody@example.com' })).to.deep.equal({ kind: 'not-found' });
    expect(await findUser(users, { email: 'ada' })).to.deep.equal({ kind: 'invalid-email' });
  });

  it('calls the only administrator who can log in the last one, and no one else', async () => {
    const { users, user } = await rootAndAda();
    expect(await isLastAdministrator(users, await user(1))).to.equal(true);
    expect(await isLastAdministrator(users, await user(2))).to.equal(false);
    await users.setAdmin(2, true);
    expect(await isLastAdministrator(users, await user(1))).to.equal(false);
    await users.setLocked(2, true);
    expect(await isLastAdministrator(users, await user(1))).to.equal(true);
  });
});
