import { expect } from 'chai';
import { GetUserDetails } from '../../../../src/application/administration/get-user-details.js';
import { rootAndAda } from './fixture.js';

describe('GetUserDetails', () => {
  it("shows the user's state and live sessions, never the hash", async () => {
    const { users, sessions } = await rootAndAda();
    await users.setLocked(2, true);
    const result = await new GetUserDetails(users, sessions, { now: Date.now }).execute({ user: { id: 2 } });
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.user).to.include({ email: 'ada@example.com', admin: false, liveSessions: 1, lastLoginAt: null });
    expect(result.user.lockedAt).to.be.instanceOf(Date);
    expect(JSON.stringify(result)).not.to.include('fake$');
  });

  it('answers not-found for an unknown user', async () => {
    const { users, sessions } = await rootAndAda();
    expect(await new GetUserDetails(users, sessions, { now: Date.now }).execute({ user: { id: 3 } })).to.deep.equal({
      kind: 'not-found',
    });
  });
});
