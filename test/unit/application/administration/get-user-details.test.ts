import { expect } from 'chai';
import { GetUserDetails } from '../../../../src/application/administration/get-user-details.js';
import { ListLinkedProviders } from '../../../../src/application/providers/list-linked-providers.js';
import { InMemoryLinkedIdentities } from '../../../../src/infrastructure/providers/in-memory-linked-identities.js';
import { rootAndAda } from './fixture.js';

/** Ada's linked providers: none unless a test links one. */
const identities = new InMemoryLinkedIdentities();
const noProviders = { list: () => [], get: () => null };
const linkedProviders = new ListLinkedProviders(noProviders, identities);

describe('GetUserDetails', () => {
  it("shows the user's state and live sessions, never the hash", async () => {
    const { users, sessions, getSecondFactors } = await rootAndAda();
    await users.setLocked(2, true);
    const result = await new GetUserDetails(users, sessions, getSecondFactors, { now: Date.now }, linkedProviders).execute({ user: { id: 2 } });
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.user).to.include({ email: 'ada@example.com', admin: false, liveSessions: 1, lastLoginAt: null });
    expect(result.user.lockedAt).to.be.instanceOf(Date);
    expect(JSON.stringify(result)).not.to.include('fake$');
  });

  it('shows which second factors the user has: the authenticator app, the recovery codes left, the passkeys', async () => {
    const { users, sessions, getSecondFactors, transactions } = await rootAndAda();
    const { totp, recoveryCodes } = transactions.stores;
    const details = () => new GetUserDetails(users, sessions, getSecondFactors, { now: Date.now }, linkedProviders).execute({ user: { id: 2 } });
    expect(await details()).to.have.deep.nested.property('user.secondFactors', { totp: false, recoveryCodesLeft: 0, passkeys: 0 });

    await totp.savePending(2, 'sealed');
    await totp.enable(2, 'sealed', 1, Date.now());
    await recoveryCodes.replace(2, ['a', 'b', 'c']);
    await recoveryCodes.use(2, 'a', Date.now());

    expect(await details()).to.have.deep.nested.property('user.secondFactors', { totp: true, recoveryCodesLeft: 2, passkeys: 0 });
    await transactions.stores.passkeys.add({
      userId: 2,
      credentialId: 'cred',
      publicKey: new Uint8Array([1]),
      counter: 0,
      transports: [],
      userHandle: 'handle',
      name: 'phone',
      backedUp: false,
      createdAt: 0,
    });
    expect(await details()).to.have.deep.nested.property('user.secondFactors', { totp: true, recoveryCodesLeft: 2, passkeys: 1 });
  });

  it('lists the linked sign-in providers, by route name when no longer configured', async () => {
    const { users, sessions, getSecondFactors } = await rootAndAda();
    await identities.add({ userId: 2, provider: 'okta', subject: 's', email: 'ada@corp.example', linkedAt: 5 });
    await identities.markPasswordless(2);
    const result = await new GetUserDetails(users, sessions, getSecondFactors, { now: Date.now }, linkedProviders).execute({ user: { id: 2 } });
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.user.signInProviders.passwordless).to.equal(true);
    expect(result.user.signInProviders.linked).to.deep.equal([
      { id: 1, provider: 'okta', label: 'okta', email: 'ada@corp.example', linkedAt: 5, lastUsedAt: null },
    ]);
    expect(JSON.stringify(result)).not.to.include('"s"');
  });

  it('answers not-found for an unknown user', async () => {
    const { users, sessions, getSecondFactors } = await rootAndAda();
    expect(await new GetUserDetails(users, sessions, getSecondFactors, { now: Date.now }, linkedProviders).execute({ user: { id: 3 } })).to.deep.equal({
      kind: 'not-found',
    });
  });
});
