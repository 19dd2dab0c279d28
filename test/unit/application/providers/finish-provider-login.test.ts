import { expect } from 'chai';
import type { IdentityProvider, ProviderAnswer } from '../../../../src/application/providers/ports/identity-provider.js';
import type { PendingProviderSignIn } from '../../../../src/application/providers/provider-sign-in.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { providersIds } from '../../../../src/infrastructure/providers/providers-ids.js';
import { sharedIds } from '../../../../src/infrastructure/shared/shared-ids.js';
import { testContainer } from '../../../support/test-container.js';

const REQUEST = { ip: '192.0.2.7', userAgent: 'test' };

/** A provider that answers whatever the test says, with no network. */
function fakeProvider(answer: () => Promise<ProviderAnswer>): IdentityProvider {
  return {
    name: 'fake',
    label: 'Fake',
    start: async () => ({ kind: 'ok', url: 'https://fake.example/authorize', request: { state: 's', nonce: 'n', codeVerifier: 'v' } }),
    finish: answer,
  };
}

function setUp(answer: () => Promise<ProviderAnswer>) {
  const built = testContainer();
  const provider = fakeProvider(answer);
  built.replace(providersIds.identityProviders, { list: () => [provider], get: (name) => (name === 'fake' ? provider : null) });
  const pending: PendingProviderSignIn = {
    provider: 'fake',
    purpose: 'login',
    userId: null,
    remember: false,
    state: 's',
    nonce: 'n',
    codeVerifier: 'v',
    expiresAt: built.clock.now() + 60_000,
  };
  const finish = () => built.get(providersIds.finishLogin).execute({ provider: 'fake', query: { code: 'c' }, pending, request: REQUEST });
  return { built, finish };
}

const ADA = { kind: 'ok', identity: { subject: 'ada', email: 'ada@example.com', emailVerified: true } } as const;

describe('FinishProviderLogin', () => {
  it('refuses a linked identity of a locked account, recording no use', async () => {
    const { built, finish } = setUp(async () => ADA);
    const signedUp = await finish();
    if (signedUp.kind !== 'signed-up') throw new Error(signedUp.kind);
    await built.get(sharedIds.users).setLocked(signedUp.userId, true);
    expect(await finish()).to.deep.equal({ kind: 'locked' });
    const [link] = await built.get(providersIds.linkedIdentities).listOfUser(signedUp.userId);
    expect(link?.lastUsedAt).to.equal(null);
  });

  it('leaves no account behind when the identity was linked by another callback during the sign-up', async () => {
    let built: ReturnType<typeof setUp>['built'] | null = null;
    const { built: container, finish } = setUp(async () => {
      // The other callback links this identity (to another user) while this one signs up.
      await built?.get(providersIds.linkedIdentities).add({ userId: 99, provider: 'fake', subject: 'ada', email: 'x@example.com', linkedAt: 0 });
      return ADA;
    });
    built = container;
    const users = container.get(sharedIds.users);
    const identities = container.get(providersIds.linkedIdentities);
    // The look-up sees no link: the race is decided by the unique key inside the transaction.
    const original = identities.find.bind(identities);
    identities.find = async () => null;
    expect(await finish()).to.deep.equal({ kind: 'expired' });
    identities.find = original;
    expect(await users.findByEmail(Email.fromTrusted('ada@example.com'))).to.equal(null);
  });

  it('creates nothing, and says so, for an address no provider verified', async () => {
    const { built, finish } = setUp(async () => ({ kind: 'ok', identity: { subject: 'eve', email: 'eve@example.com', emailVerified: false } }));
    expect(await finish()).to.deep.equal({ kind: 'unverified-email' });
    expect(await built.get(sharedIds.users).findByEmail(Email.fromTrusted('eve@example.com'))).to.equal(null);
  });

  it("refuses a trip kept for another provider, or for a link, before asking the provider", async () => {
    let asked = 0;
    const { built } = setUp(async () => {
      asked++;
      return ADA;
    });
    const use = built.get(providersIds.finishLogin);
    const base = { provider: 'fake', purpose: 'login', userId: null, remember: false, state: 's', nonce: 'n', codeVerifier: 'v', expiresAt: built.clock.now() + 1000 };
    for (const pending of [{ ...base, provider: 'other' }, { ...base, purpose: 'link', userId: 1 }, { ...base, expiresAt: built.clock.now() }, 'junk', undefined]) {
      expect(await use.execute({ provider: 'fake', query: {}, pending, request: REQUEST })).to.deep.equal({ kind: 'expired' });
    }
    expect(asked).to.equal(0);
  });
});
