import { expect } from 'chai';
import { AuthorizeAdminSecondFactor } from '../../../../src/application/administration/authorize-admin-second-factor.js';
import { rootAndAda } from './fixture.js';

describe('AuthorizeAdminSecondFactor (REQUIRE_2FA_FOR_ADMINS)', () => {
  it('when required, refuses an administrator without a second factor and allows one with the authenticator app on', async () => {
    const { getSecondFactors, transactions } = await rootAndAda();
    const authorize = new AuthorizeAdminSecondFactor(getSecondFactors, true);
    expect(await authorize.execute(1)).to.deep.equal({ kind: 'no-second-factor' });

    await transactions.stores.totp.savePending(1, 'sealed');
    expect(await authorize.execute(1)).to.deep.equal({ kind: 'no-second-factor' });
    await transactions.stores.totp.enable(1, 'sealed', 1, 0);

    expect(await authorize.execute(1)).to.deep.equal({ kind: 'allowed' });
  });

  it('when required, allows an administrator whose only second factor is a passkey', async () => {
    const { getSecondFactors, transactions } = await rootAndAda();
    await transactions.stores.passkeys.add({
      userId: 1,
      credentialId: 'cred',
      publicKey: new Uint8Array([1]),
      counter: 0,
      transports: [],
      userHandle: 'handle',
      name: 'laptop',
      backedUp: false,
      createdAt: 0,
    });
    expect(await new AuthorizeAdminSecondFactor(getSecondFactors, true).execute(1)).to.deep.equal({ kind: 'allowed' });
  });

  it('when not required, allows everyone without reading their second factors', async () => {
    const { getSecondFactors } = await rootAndAda();
    let reads = 0;
    const counting = { execute: (userId: number) => (reads++, getSecondFactors.execute(userId)) } as typeof getSecondFactors;
    expect(await new AuthorizeAdminSecondFactor(counting, false).execute(1)).to.deep.equal({ kind: 'allowed' });
    expect(reads).to.equal(0);
  });
});
