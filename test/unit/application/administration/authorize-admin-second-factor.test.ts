import { expect } from 'chai';
import { AuthorizeAdminSecondFactor } from '../../../../src/application/administration/authorize-admin-second-factor.js';
import { SecondFactorPolicy, type SecondFactorRequirement } from '../../../../src/application/two-factor/second-factor-policy.js';
import { InMemorySecondFactorGrace } from '../../../../src/infrastructure/two-factor/in-memory-second-factor-grace.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { rootAndAda } from './fixture.js';

/** REQUIRE_2FA at `requirement`, with no grace, over these second factors. */
function policy(getSecondFactors: ConstructorParameters<typeof SecondFactorPolicy>[1], requirement: SecondFactorRequirement) {
  return new SecondFactorPolicy({ requirement, graceMs: 0 }, getSecondFactors, new InMemorySecondFactorGrace(), { now: () => 0 });
}

describe('AuthorizeAdminSecondFactor (REQUIRE_2FA=admins or all)', () => {
  it('when required, refuses an administrator without a second factor and allows one with the authenticator app on', async () => {
    const { getSecondFactors, transactions, events } = await rootAndAda();
    const authorize = new AuthorizeAdminSecondFactor(policy(getSecondFactors, 'admins'), events);
    expect(await authorize.execute({ userId: 1 })).to.deep.equal({ kind: 'no-second-factor' });

    await transactions.stores.totp.savePending(1, 'sealed');
    expect(await authorize.execute({ userId: 1 })).to.deep.equal({ kind: 'no-second-factor' });
    await transactions.stores.totp.enable(1, 'sealed', 1, 0);

    expect(await authorize.execute({ userId: 1 })).to.deep.equal({ kind: 'allowed' });
  });

  it('when required, allows an administrator whose only second factor is a passkey', async () => {
    const { getSecondFactors, transactions, events } = await rootAndAda();
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
    expect(await new AuthorizeAdminSecondFactor(policy(getSecondFactors, 'admins'), events).execute({ userId: 1 })).to.deep.equal({ kind: 'allowed' });
  });

  it('records each refusal as admin.two-factor-required with the request, and nothing when it allows', async () => {
    const { getSecondFactors, transactions, events, log } = await rootAndAda();
    const authorize = new AuthorizeAdminSecondFactor(policy(getSecondFactors, 'admins'), events);
    await authorize.execute({ userId: 1, request: testRequest() });
    await transactions.stores.totp.savePending(1, 'sealed');
    await transactions.stores.totp.enable(1, 'sealed', 1, 0);
    await authorize.execute({ userId: 1, request: testRequest() });

    expect(log.lines().map(({ event, userId, ip }) => ({ event, userId, ip }))).to.deep.equal([
      { event: 'admin.two-factor-required', userId: 1, ip: '192.0.2.1' },
    ]);
  });

  it('under all, refuses an administrator without a second factor too', async () => {
    const { getSecondFactors, events } = await rootAndAda();
    expect(await new AuthorizeAdminSecondFactor(policy(getSecondFactors, 'all'), events).execute({ userId: 1 })).to.deep.equal({
      kind: 'no-second-factor',
    });
  });

  it('when not required, allows everyone without reading their second factors, and records nothing', async () => {
    const { getSecondFactors, events, log } = await rootAndAda();
    let reads = 0;
    const counting = { execute: (userId: number) => (reads++, getSecondFactors.execute(userId)) } as typeof getSecondFactors;
    expect(await new AuthorizeAdminSecondFactor(policy(counting, 'off'), events).execute({ userId: 1 })).to.deep.equal({ kind: 'allowed' });
    expect(reads).to.equal(0);
    expect(log.lines()).to.deep.equal([]);
  });
});
