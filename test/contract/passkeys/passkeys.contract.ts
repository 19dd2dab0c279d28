import { expect } from 'chai';
import type { NewPasskey, Passkeys } from '../../../src/application/passkeys/ports/passkeys.js';
import type { UserId } from '../../../src/domain/shared/user.js';

/** A fresh, empty store for one test, and how to release it. */
export interface PasskeysUnderTest {
  readonly passkeys: Passkeys;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;

function passkey(userId: UserId, name: string, overrides: Partial<NewPasskey> = {}): NewPasskey {
  return {
    userId,
    credentialId: `cred-${name}`,
    publicKey: new Uint8Array([165, 1, 2, 3, 38, 32, 1, 0, 255]),
    counter: 0,
    transports: ['internal', 'hybrid'],
    userHandle: `handle-${userId}`,
    name: `Passkey ${name}`,
    backedUp: false,
    createdAt: NOW,
    ...overrides,
  };
}

/** What every `Passkeys` adapter must do. */
export function passkeysContract(make: () => Promise<PasskeysUnderTest>): void {
  let subject: PasskeysUnderTest;
  let passkeys: Passkeys;
  const alice: UserId = 7;
  const bob: UserId = 8;

  beforeEach(async () => {
    subject = await make();
    passkeys = subject.passkeys;
  });
  afterEach(async () => {
    await subject.close();
  });

  it('finds an added passkey by its credential id, with every field as stored and no use yet', async () => {
    const added = await passkeys.add(passkey(alice, 'a', { backedUp: true, counter: 5 }));
    expect(added).to.not.equal(null);
    const found = await passkeys.findByCredentialId('cred-a');
    expect(found).to.deep.equal({ ...passkey(alice, 'a', { backedUp: true, counter: 5 }), id: added?.id, lastUsedAt: null });
    expect(found?.publicKey).to.be.instanceOf(Uint8Array);
  });

  it('keeps credential ids case-sensitive', async () => {
    await passkeys.add(passkey(alice, 'a', { credentialId: 'AbC' }));
    expect(await passkeys.findByCredentialId('abc')).to.equal(null);
    expect(await passkeys.add(passkey(bob, 'b', { credentialId: 'abc' }))).to.not.equal(null);
  });

  it('refuses a credential id that is taken, also by another user, and stores nothing', async () => {
    await passkeys.add(passkey(alice, 'a'));
    expect(await passkeys.add(passkey(bob, 'a', { name: 'Stolen' }))).to.equal(null);
    expect(await passkeys.countOfUser(bob)).to.equal(0);
    expect((await passkeys.findByCredentialId('cred-a'))?.userId).to.equal(alice);
  });

  it('answers null for an unknown credential id', async () => {
    expect(await passkeys.findByCredentialId('nobody')).to.equal(null);
  });

  it("lists and counts a user's passkeys only, oldest first", async () => {
    await passkeys.add(passkey(alice, 'a'));
    await passkeys.add(passkey(bob, 'b'));
    await passkeys.add(passkey(alice, 'c'));
    expect((await passkeys.listOfUser(alice)).map((p) => p.name)).to.deep.equal(['Passkey a', 'Passkey c']);
    expect(await passkeys.countOfUser(alice)).to.equal(2);
    expect(await passkeys.countOfUser(bob)).to.equal(1);
  });

  it('stores a passkey with no transports', async () => {
    await passkeys.add(passkey(alice, 'a', { transports: [] }));
    expect((await passkeys.findByCredentialId('cred-a'))?.transports).to.deep.equal([]);
  });

  it('records a use with a counter that grew', async () => {
    const added = await passkeys.add(passkey(alice, 'a', { counter: 3 }));
    expect(await passkeys.recordUse(added?.id ?? 0, 4, NOW + 1000)).to.equal(true);
    const found = await passkeys.findByCredentialId('cred-a');
    expect(found).to.include({ counter: 4, lastUsedAt: NOW + 1000 });
  });

  it('refuses a use whose counter did not grow, and writes nothing', async () => {
    const added = await passkeys.add(passkey(alice, 'a', { counter: 3 }));
    expect(await passkeys.recordUse(added?.id ?? 0, 3, NOW + 1000)).to.equal(false);
    expect(await passkeys.recordUse(added?.id ?? 0, 2, NOW + 1000)).to.equal(false);
    expect(await passkeys.recordUse(added?.id ?? 0, 0, NOW + 1000)).to.equal(false);
    expect(await passkeys.findByCredentialId('cred-a')).to.include({ counter: 3, lastUsedAt: null });
  });

  it('records uses of an authenticator that does not count (0 and 0), but not a counter going from 0 back after it grew', async () => {
    const added = await passkeys.add(passkey(alice, 'a', { counter: 0 }));
    const id = added?.id ?? 0;
    expect(await passkeys.recordUse(id, 0, NOW + 1)).to.equal(true);
    expect(await passkeys.recordUse(id, 0, NOW + 2)).to.equal(true);
    expect(await passkeys.recordUse(id, 7, NOW + 3)).to.equal(true);
    expect(await passkeys.recordUse(id, 0, NOW + 4)).to.equal(false);
    expect(await passkeys.findByCredentialId('cred-a')).to.include({ counter: 7, lastUsedAt: NOW + 3 });
  });

  it('lets one of two uses with the same counter win', async () => {
    const added = await passkeys.add(passkey(alice, 'a', { counter: 1 }));
    const id = added?.id ?? 0;
    const results = await Promise.all([passkeys.recordUse(id, 2, NOW + 1), passkeys.recordUse(id, 2, NOW + 2)]);
    expect(results.filter(Boolean)).to.have.length(1);
  });

  it("renames a user's own passkey only, changing nothing else", async () => {
    const added = await passkeys.add(passkey(alice, 'a', { counter: 3 }));
    const id = added?.id ?? 0;
    expect(await passkeys.rename(bob, id, 'Stolen')).to.equal(false);
    expect(await passkeys.rename(alice, id + 1000, 'Nowhere')).to.equal(false);
    expect((await passkeys.findByCredentialId('cred-a'))?.name).to.equal('Passkey a');

    expect(await passkeys.rename(alice, id, 'Work laptop 🔑')).to.equal(true);
    expect(await passkeys.findByCredentialId('cred-a')).to.deep.equal({
      ...passkey(alice, 'a', { counter: 3 }),
      id,
      name: 'Work laptop 🔑',
      lastUsedAt: null,
    });
  });

  it('renames a passkey to the name it has already (true), and to one another passkey has', async () => {
    const a = await passkeys.add(passkey(alice, 'a'));
    await passkeys.add(passkey(alice, 'b'));
    expect(await passkeys.rename(alice, a?.id ?? 0, 'Passkey a')).to.equal(true);
    expect(await passkeys.rename(alice, a?.id ?? 0, 'Passkey b')).to.equal(true);
    expect((await passkeys.listOfUser(alice)).map((p) => p.name)).to.deep.equal(['Passkey b', 'Passkey b']);
  });

  it('keeps a name of 64 characters outside the Basic Multilingual Plane whole', async () => {
    const added = await passkeys.add(passkey(alice, 'a'));
    expect(await passkeys.rename(alice, added?.id ?? 0, '🔑'.repeat(64))).to.equal(true);
    expect((await passkeys.findByCredentialId('cred-a'))?.name).to.equal('🔑'.repeat(64));
  });

  it("deletes a user's own passkey only", async () => {
    const added = await passkeys.add(passkey(alice, 'a'));
    const id = added?.id ?? 0;
    expect(await passkeys.delete(bob, id)).to.equal(false);
    expect(await passkeys.countOfUser(alice)).to.equal(1);
    expect(await passkeys.delete(alice, id)).to.equal(true);
    expect(await passkeys.delete(alice, id)).to.equal(false);
    expect(await passkeys.findByCredentialId('cred-a')).to.equal(null);
  });

  it("deletes all of a user's passkeys, and only theirs, saying how many", async () => {
    await passkeys.add(passkey(alice, 'a'));
    await passkeys.add(passkey(alice, 'b'));
    await passkeys.add(passkey(bob, 'c'));
    expect(await passkeys.deleteAllOfUser(alice)).to.equal(2);
    expect(await passkeys.countOfUser(alice)).to.equal(0);
    expect(await passkeys.findByCredentialId('cred-a')).to.equal(null);
    expect(await passkeys.countOfUser(bob)).to.equal(1);
  });
}
