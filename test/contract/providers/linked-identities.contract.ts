import { expect } from 'chai';
import type { LinkedIdentities, NewLinkedIdentity } from '../../../src/application/providers/ports/linked-identities.js';
import type { UserId } from '../../../src/domain/shared/user.js';

/** A fresh, empty store for one test, and how to release it. */
export interface LinkedIdentitiesUnderTest {
  readonly identities: LinkedIdentities;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;

function identity(userId: UserId, provider: string, subject: string, overrides: Partial<NewLinkedIdentity> = {}): NewLinkedIdentity {
  return { userId, provider, subject, email: `${subject}@example.com`, linkedAt: NOW, ...overrides };
}

/** What every `LinkedIdentities` adapter must do. */
export function linkedIdentitiesContract(make: () => Promise<LinkedIdentitiesUnderTest>): void {
  let subject: LinkedIdentitiesUnderTest;
  let identities: LinkedIdentities;
  const alice: UserId = 7;
  const bob: UserId = 8;

  beforeEach(async () => {
    subject = await make();
    identities = subject.identities;
  });
  afterEach(async () => {
    await subject.close();
  });

  it('finds a linked identity by provider and subject, with every field as stored and no use yet', async () => {
    const added = await identities.add(identity(alice, 'google', '1234567890'));
    expect(added).to.not.equal(null);
    expect(await identities.find('google', '1234567890')).to.deep.equal({
      ...identity(alice, 'google', '1234567890'),
      id: added?.id,
      lastUsedAt: null,
    });
    expect(await identities.find('github', '1234567890')).to.equal(null);
  });

  it('keeps subjects case-sensitive', async () => {
    await identities.add(identity(alice, 'okta', 'AbC'));
    expect(await identities.find('okta', 'abc')).to.equal(null);
    expect(await identities.add(identity(bob, 'okta', 'abc'))).to.not.equal(null);
  });

  it('refuses a (provider, subject) linked already, also to another user, and stores nothing', async () => {
    await identities.add(identity(alice, 'google', 'one'));
    expect(await identities.add(identity(bob, 'google', 'one'))).to.equal(null);
    expect(await identities.listOfUser(bob)).to.deep.equal([]);
  });

  it('refuses a second identity of one provider for one user, and takes one of another provider', async () => {
    await identities.add(identity(alice, 'google', 'one'));
    expect(await identities.add(identity(alice, 'google', 'two'))).to.equal(null);
    expect(await identities.add(identity(alice, 'github', 'one'))).to.not.equal(null);
    expect((await identities.listOfUser(alice)).map((linked) => linked.provider)).to.deep.equal(['google', 'github']);
  });

  it('lets one of twenty racing links of one identity win', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => identities.add(identity(100 + n, 'google', 'raced'))),
    );
    expect(results.filter((result) => result !== null)).to.have.length(1);
  });

  it("records a use with the provider's address of this time", async () => {
    const added = await identities.add(identity(alice, 'google', 'one'));
    expect(await identities.recordUse(added?.id ?? 0, 'new@example.com', NOW + 5)).to.equal(true);
    expect(await identities.find('google', 'one')).to.include({ email: 'new@example.com', lastUsedAt: NOW + 5 });
    expect(await identities.recordUse(9999, 'x@example.com', NOW)).to.equal(false);
  });

  it("unlinks only the user's own identity", async () => {
    const added = await identities.add(identity(alice, 'google', 'one'));
    expect(await identities.delete(bob, added?.id ?? 0)).to.equal(false);
    expect(await identities.delete(alice, added?.id ?? 0)).to.equal(true);
    expect(await identities.delete(alice, added?.id ?? 0)).to.equal(false);
    expect(await identities.find('google', 'one')).to.equal(null);
  });

  it("unlinks every identity of a user, and no one else's", async () => {
    await identities.add(identity(alice, 'google', 'a1'));
    await identities.add(identity(alice, 'github', 'a2'));
    await identities.add(identity(bob, 'google', 'b1'));
    expect(await identities.deleteAllOfUser(alice)).to.equal(2);
    expect(await identities.listOfUser(alice)).to.deep.equal([]);
    expect(await identities.listOfUser(bob)).to.have.length(1);
  });

  it('remembers which users have no password, once each, until cleared', async () => {
    expect(await identities.isPasswordless(alice)).to.equal(false);
    await identities.markPasswordless(alice);
    await identities.markPasswordless(alice);
    expect(await identities.isPasswordless(alice)).to.equal(true);
    expect(await identities.isPasswordless(bob)).to.equal(false);
    expect(await identities.clearPasswordless(alice)).to.equal(true);
    expect(await identities.clearPasswordless(alice)).to.equal(false);
    expect(await identities.isPasswordless(alice)).to.equal(false);
  });
}
