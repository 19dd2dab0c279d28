import { expect } from 'chai';
import { twoFactorFixture } from '../two-factor/fixture.js';

describe('StampCredentials', () => {
  it('gives the same stamp while the password hash stays, another once it changes, and none for a deleted user', async () => {
    const f = await twoFactorFixture();
    const before = await f.stampCredentials.execute(f.userId);
    if (before.kind !== 'ok') throw new Error(before.kind);
    expect(before.stamp).to.match(/^[0-9a-f]{16}$/);
    expect(await f.stampCredentials.execute(f.userId)).to.deep.equal(before);
    await f.users.updatePasswordHash(f.userId, 'y');
    const after = await f.stampCredentials.execute(f.userId);
    expect(after.kind).to.equal('ok');
    expect(after).not.to.deep.equal(before);
    expect(await f.stampCredentials.execute(99)).to.deep.equal({ kind: 'unavailable' });
  });
});
