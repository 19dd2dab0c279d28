import { expect } from 'chai';
import { GetProfile } from '../../../../src/application/accounts/get-profile.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';

async function setUp() {
  const users = new InMemoryUserRepository();
  await users.create({ email: Email.parse('root@example.com') as Email, passwordHash: 'h', phone: '1' });
  return { users, getProfile: new GetProfile(users) };
}

describe('GetProfile', () => {
  it('returns the profile without the password hash', async () => {
    const { getProfile } = await setUp();
    const result = await getProfile.execute(1);
    expect(result.kind).to.equal('ok');
    if (result.kind !== 'ok') return;
    expect(result.profile).to.include({ id: 1, email: 'root@example.com', phone: '1', admin: false });
    expect(result.profile).not.to.have.property('passwordHash');
  });

  it('answers not-found for a deleted user', async () => {
    const { getProfile } = await setUp();
    expect(await getProfile.execute(2)).to.deep.equal({ kind: 'not-found' });
  });
});
