import { expect } from 'chai';
import type { KnownDevices } from '../../../src/application/devices/ports/known-devices.js';

/** A fresh, empty store for one test, and how to release it. */
export interface KnownDevicesUnderTest {
  readonly devices: KnownDevices;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;
const DAY = 24 * 3_600_000;

/** A 64-character hash, unique per name. */
const hash = (name: string) => name.padEnd(64, '0');

/** What every `KnownDevices` adapter must do. */
export function knownDevicesContract(make: () => Promise<KnownDevicesUnderTest>): void {
  let subject: KnownDevicesUnderTest;
  let devices: KnownDevices;

  beforeEach(async () => {
    subject = await make();
    devices = subject.devices;
  });
  afterEach(async () => {
    await subject.close();
  });

  it('knows no device of a user who has logged in on none', async () => {
    expect(await devices.ofUser(7)).to.deep.equal([]);
  });

  it('adds a device first seen and last seen when first seen, and moves only its last sight after', async () => {
    await devices.seen(7, hash('a'), NOW);
    expect(await devices.ofUser(7)).to.deep.equal([{ deviceHash: hash('a'), firstSeenAt: NOW, lastSeenAt: NOW }]);
    await devices.seen(7, hash('a'), NOW + DAY);
    expect(await devices.ofUser(7)).to.deep.equal([{ deviceHash: hash('a'), firstSeenAt: NOW, lastSeenAt: NOW + DAY }]);
  });

  it('lists the user’s devices only, the most recently seen first', async () => {
    await devices.seen(7, hash('old'), NOW);
    await devices.seen(7, hash('new'), NOW + 2 * DAY);
    await devices.seen(7, hash('mid'), NOW + DAY);
    await devices.seen(8, hash('other'), NOW + 3 * DAY);
    expect((await devices.ofUser(7)).map((device) => device.deviceHash)).to.deep.equal([hash('new'), hash('mid'), hash('old')]);
  });

  it('keeps one device apart per user: the same cookie on two accounts is two rows', async () => {
    await devices.seen(7, hash('shared'), NOW);
    await devices.seen(8, hash('shared'), NOW + DAY);
    expect(await devices.ofUser(7)).to.deep.equal([{ deviceHash: hash('shared'), firstSeenAt: NOW, lastSeenAt: NOW }]);
    expect(await devices.ofUser(8)).to.deep.equal([{ deviceHash: hash('shared'), firstSeenAt: NOW + DAY, lastSeenAt: NOW + DAY }]);
  });

  it('tells hashes apart that differ only in case', async () => {
    await devices.seen(7, hash('ab'), NOW);
    await devices.seen(7, hash('AB'), NOW + 1);
    expect(await devices.ofUser(7)).to.have.length(2);
  });

  it('takes two sightings of one new device at once without failing, as one device', async () => {
    await Promise.all([devices.seen(7, hash('a'), NOW), devices.seen(7, hash('a'), NOW)]);
    expect(await devices.ofUser(7)).to.deep.equal([{ deviceHash: hash('a'), firstSeenAt: NOW, lastSeenAt: NOW }]);
  });

  it('claims a new device once: of two claims at once, one makes it known', async () => {
    const claims = await Promise.all([devices.claim(7, hash('a'), NOW, NOW - DAY), devices.claim(7, hash('a'), NOW, NOW - DAY)]);
    expect(claims.sort()).to.deep.equal([false, true]);
    expect(await devices.ofUser(7)).to.deep.equal([{ deviceHash: hash('a'), firstSeenAt: NOW, lastSeenAt: NOW }]);
    expect(await devices.claim(8, hash('a'), NOW, NOW - DAY)).to.equal(true);
  });

  it('claims a device unseen since before the cutoff again, moving only its last sight, and not one seen at the cutoff', async () => {
    await devices.seen(7, hash('stale'), NOW);
    await devices.seen(7, hash('edge'), NOW + DAY);
    const later = NOW + 100 * DAY;
    expect(await devices.claim(7, hash('edge'), later, NOW + DAY)).to.equal(false);
    expect(await devices.claim(7, hash('stale'), later, NOW + DAY)).to.equal(true);
    expect(await devices.claim(7, hash('stale'), later, NOW + DAY)).to.equal(false);
    expect(await devices.ofUser(7)).to.deep.equal([
      { deviceHash: hash('stale'), firstSeenAt: NOW, lastSeenAt: later },
      { deviceHash: hash('edge'), firstSeenAt: NOW + DAY, lastSeenAt: NOW + DAY },
    ]);
  });

  it('forgets the named devices of the user only', async () => {
    for (const name of ['a', 'b', 'c']) await devices.seen(7, hash(name), NOW);
    await devices.seen(8, hash('a'), NOW);
    expect(await devices.forget(7, [hash('a'), hash('b')])).to.equal(2);
    expect(await devices.forget(7, [])).to.equal(0);
    expect((await devices.ofUser(7)).map((device) => device.deviceHash)).to.deep.equal([hash('c')]);
    expect(await devices.ofUser(8)).to.have.length(1);
  });

  it('forgets every device of a deleted account, and no other', async () => {
    await devices.seen(7, hash('a'), NOW);
    await devices.seen(7, hash('b'), NOW);
    await devices.seen(8, hash('a'), NOW);
    expect(await devices.deleteAllOfUser(7)).to.equal(2);
    expect(await devices.ofUser(7)).to.deep.equal([]);
    expect(await devices.ofUser(8)).to.have.length(1);
  });

  it('purges the devices last seen before the cutoff, of every user, but keeps each account’s newest', async () => {
    await devices.seen(7, hash('stale'), NOW);
    await devices.seen(7, hash('older'), NOW - DAY);
    await devices.seen(8, hash('stale'), NOW);
    await devices.seen(8, hash('older'), NOW - DAY);
    await devices.seen(7, hash('fresh'), NOW + DAY);
    expect(await devices.purgeUnseenSince(NOW + DAY)).to.equal(3);
    expect((await devices.ofUser(7)).map((device) => device.deviceHash)).to.deep.equal([hash('fresh')]);
    // Account 8's newest device is stale too: it stays, so the account still counts as one with known devices.
    expect((await devices.ofUser(8)).map((device) => device.deviceHash)).to.deep.equal([hash('stale')]);
    expect(await devices.purgeUnseenSince(NOW + DAY)).to.equal(0);
  });
}
