import { expect } from 'chai';
import type { SessionDevice, SessionRecord, SessionStorage } from '../../../src/application/shared/ports/session-storage.js';
import { ADDRESS_MAX_LENGTH, USER_AGENT_MAX_LENGTH } from '../../../src/web/shared/device.js';
import { newSessionHandle, newSessionId } from '../../../src/web/shared/session-id.js';

const MINUTE = 60_000;

/** What the session-storage contract hands its device tests: the storage under test, its `now`, and its builders. */
export interface DeviceSubject {
  readonly storage: SessionStorage;
  readonly now: number;
  device(overrides?: Partial<SessionDevice>): SessionDevice;
  record(overrides?: Partial<SessionRecord>): SessionRecord;
}

/**
 * The sessions page's part of the `SessionStorage` contract: devices stored and noted on
 * use, listing a user's sessions, and ending one or all but one of them by handle.
 * Runs inside `sessionStorageContract`, on the storage its `beforeEach` made.
 */
export function sessionDeviceContract(subject: () => DeviceSubject): void {
  /** Stores a session of `userId` with a device of its own; resolves its id and device. */
  async function session(userId: number | null, overrides: Partial<SessionRecord> = {}, seen: Partial<SessionDevice> = {}) {
    const { storage, device, record } = subject();
    const id = newSessionId();
    const own = device({ handle: newSessionHandle(), ...seen });
    await storage.insert(id, record({ userId, data: { passport: { user: userId } }, device: own, ...overrides }));
    return { id, device: own };
  }

  it('keeps a device with nothing known but its handle (a session stored before devices were)', async () => {
    const { storage, now, device, record } = subject();
    const id = newSessionId();
    const bare = device({ userAgent: null, ip: null, createdAt: null, lastSeenAt: null });
    await storage.insert(id, record({ device: bare }));
    expect((await storage.find(id, now))?.device).to.deep.equal(bare);
  });

  it('keeps a User-Agent and an address of the longest length the web layer stores', async () => {
    const { storage, now, device, record } = subject();
    const id = newSessionId();
    const longest = device({ userAgent: 'é'.repeat(USER_AGENT_MAX_LENGTH), ip: 'f'.repeat(ADDRESS_MAX_LENGTH) });
    await storage.insert(id, record({ device: longest }));
    expect((await storage.find(id, now))?.device).to.deep.equal(longest);
  });

  it('keeps an empty User-Agent as empty, apart from an unknown one', async () => {
    const { storage, now, device, record } = subject();
    const id = newSessionId();
    await storage.insert(id, record({ device: device({ userAgent: '' }) }));
    expect((await storage.find(id, now))?.device?.userAgent).to.equal('');
  });

  it("lists the user's live sessions, most recently used first, and no one else's", async () => {
    const { storage, now } = subject();
    const older = await session(7, {}, { lastSeenAt: now - 5 * MINUTE });
    const newer = await session(7, {}, { lastSeenAt: now - MINUTE });
    const neverSeen = await session(7, {}, { lastSeenAt: null, createdAt: null });
    await session(7, { expiresAt: now + MINUTE });
    await session(8);
    await storage.insert(newSessionId(), subject().record({ userId: null, data: {}, device: null }));

    const listed = await storage.listOfUser(7, now + 2 * MINUTE);

    expect(listed).to.deep.equal([newer.device, older.device, neverSeen.device]);
  });

  it('lists sessions last used at the same time by their login, newest first', async () => {
    const { storage, now } = subject();
    const first = await session(7, {}, { createdAt: now - 9 * MINUTE, lastSeenAt: now - MINUTE });
    const second = await session(7, {}, { createdAt: now - 3 * MINUTE, lastSeenAt: now - MINUTE });
    expect(await storage.listOfUser(7, now)).to.deep.equal([second.device, first.device]);
  });

  it('moves a session to the top of the list when it is used', async () => {
    const { storage, now } = subject();
    const quiet = await session(7, {}, { lastSeenAt: now - 5 * MINUTE });
    const busy = await session(7, {}, { lastSeenAt: now - MINUTE });
    await storage.touch(quiet.id, now + 20 * MINUTE, now, '198.51.100.4');
    const listed = await storage.listOfUser(7, now);
    expect(listed.map((d) => d.handle)).to.deep.equal([quiet.device.handle, busy.device.handle]);
    expect(listed[0]).to.deep.include({ ip: '198.51.100.4', lastSeenAt: now });
  });

  it('lists nothing for a user without sessions, and never a session id', async () => {
    const { storage, now } = subject();
    const { id } = await session(7);
    expect(await storage.listOfUser(8, now)).to.deep.equal([]);
    expect(JSON.stringify(await storage.listOfUser(7, now))).not.to.include(id);
  });

  it("ends the user's session with the handle, and only that one", async () => {
    const { storage, now } = subject();
    const ended = await session(7);
    const kept = await session(7);
    expect(await storage.destroyOfUser(7, ended.device.handle, now)).to.equal(true);
    expect(await storage.find(ended.id, now)).to.equal(null);
    expect(await storage.find(kept.id, now)).to.not.equal(null);
    expect((await storage.listOfUser(7, now)).map((d) => d.handle)).to.deep.equal([kept.device.handle]);
  });

  it("ends nothing for another user's handle, an unknown one, or one already ended or expired", async () => {
    const { storage, now } = subject();
    const other = await session(8);
    const expired = await session(7, { expiresAt: now + MINUTE });
    const gone = await session(7);
    await storage.destroy(gone.id);

    expect(await storage.destroyOfUser(7, other.device.handle, now)).to.equal(false);
    expect(await storage.destroyOfUser(7, newSessionHandle(), now)).to.equal(false);
    expect(await storage.destroyOfUser(7, gone.device.handle, now)).to.equal(false);
    expect(await storage.destroyOfUser(7, expired.device.handle, now + MINUTE)).to.equal(false);
    expect(await storage.find(other.id, now)).to.not.equal(null);
  });

  it('ends every session of the user but the one kept, a session without a device too', async () => {
    const { storage, now } = subject();
    const kept = await session(7);
    const others = [await session(7), await session(7, { device: null })];
    const stranger = await session(8);

    expect(await storage.destroyAllOfUser(7, kept.device.handle)).to.equal(2);

    for (const { id } of others) expect(await storage.find(id, now)).to.equal(null);
    expect(await storage.find(kept.id, now)).to.not.equal(null);
    expect(await storage.find(stranger.id, now)).to.not.equal(null);
    expect((await storage.listOfUser(7, now)).map((d) => d.handle)).to.deep.equal([kept.device.handle]);
  });

  it("keeps none of the user's sessions when the kept handle is not theirs", async () => {
    const { storage, now } = subject();
    const mine = await session(7);
    const stranger = await session(8);
    expect(await storage.destroyAllOfUser(7, stranger.device.handle)).to.equal(1);
    expect(await storage.find(mine.id, now)).to.equal(null);
    expect(await storage.find(stranger.id, now)).to.not.equal(null);
  });
}
