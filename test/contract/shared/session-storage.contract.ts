import { expect } from 'chai';
import { newSessionHandle, newSessionId } from '../../../src/web/shared/session-id.js';
import type { SessionDevice, SessionRecord, SessionStorage } from '../../../src/application/shared/ports/session-storage.js';
import { sessionDeviceContract } from './session-devices.contract.js';

/** A fresh storage for one test, and how to release it afterwards. */
export interface StorageUnderTest {
  readonly storage: SessionStorage;
  close(): Promise<void>;
}

/** Builds an empty session storage; called once per test. */
export type StorageFactory = () => Promise<StorageUnderTest>;

const MINUTE = 60_000;

/** The handle of the sessions `record()` makes, unless told otherwise. */
const HANDLE = newSessionHandle();

/**
 * What every `SessionStorage` adapter must do. Times are passed in, so expiry is
 * tested by asking about a later `now`, with no waiting.
 */
export function sessionStorageContract(makeStorage: StorageFactory): void {
  let subject: StorageUnderTest;
  let storage: SessionStorage;
  let now: number;

  function device(overrides: Partial<SessionDevice> = {}): SessionDevice {
    return {
      handle: HANDLE,
      userAgent: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      ip: '203.0.113.7',
      createdAt: now - 2 * MINUTE,
      lastSeenAt: now - MINUTE,
      ...overrides,
    };
  }

  function record(overrides: Partial<SessionRecord> = {}): SessionRecord {
    return {
      data: { passport: { user: 7 }, flash: { messageSuccess: 'Successfully logged in.' } },
      userId: 7,
      expiresAt: now + 10 * MINUTE,
      absoluteExpiresAt: now + 60 * MINUTE,
      device: device(),
      ...overrides,
    };
  }

  beforeEach(async () => {
    subject = await makeStorage();
    storage = subject.storage;
    now = Date.now();
  });
  afterEach(async () => {
    await subject.close();
  });

  it('finds nothing under an unknown id', async () => {
    expect(await storage.find(newSessionId(), now)).to.equal(null);
  });

  it('finds an inserted session with its data, user and times', async () => {
    const id = newSessionId();
    await storage.insert(id, record());
    expect(await storage.find(id, now)).to.deep.equal(record());
  });

  it('keeps unicode and nested JSON exactly, and an anonymous session without a user', async () => {
    const id = newSessionId();
    const data = { flash: { messageFailure: 'Nö — 🔒 <b>&"\'' }, list: [1, null, true] };
    await storage.insert(id, record({ data, userId: null, device: null }));
    const found = await storage.find(id, now);
    expect(found?.data).to.deep.equal(data);
    expect(found?.userId).to.equal(null);
    expect(found?.device).to.equal(null);
  });

  it('stores a copy: changing the inserted object later changes nothing stored', async () => {
    const id = newSessionId();
    const inserted = record({ data: { flash: { messageSuccess: 'a' } } });
    await storage.insert(id, inserted);
    (inserted.data.flash as Record<string, string>).messageSuccess = 'changed';
    expect((await storage.find(id, now))?.data).to.deep.equal({ flash: { messageSuccess: 'a' } });
  });

  it('treats a session as gone from its idle expiry on', async () => {
    const id = newSessionId();
    await storage.insert(id, record());
    expect(await storage.find(id, now + 10 * MINUTE - 1)).to.not.equal(null);
    expect(await storage.find(id, now + 10 * MINUTE)).to.equal(null);
  });

  it('updates the data, user and idle expiry of a live session and keeps its absolute expiry', async () => {
    const id = newSessionId();
    await storage.insert(id, record());
    const change = { data: { passport: { user: 8 } }, userId: 8, expiresAt: now + 20 * MINUTE };
    expect(await storage.update(id, { ...change, ip: '198.51.100.9' }, now + MINUTE)).to.equal(true);
    expect(await storage.find(id, now + 15 * MINUTE)).to.deep.equal({
      ...change,
      absoluteExpiresAt: now + 60 * MINUTE,
      device: device({ ip: '198.51.100.9', lastSeenAt: now + MINUTE }),
    });
  });

  it('does not bring a destroyed session back on update or touch', async () => {
    const id = newSessionId();
    await storage.insert(id, record());
    await storage.destroy(id);
    expect(
      await storage.update(id, { data: { passport: { user: 7 } }, userId: 7, expiresAt: now + MINUTE, ip: '::1' }, now),
    ).to.equal(false);
    expect(await storage.touch(id, now + MINUTE, now, '::1')).to.equal(false);
    expect(await storage.find(id, now)).to.equal(null);
  });

  it('does not change an expired session on update or touch', async () => {
    const id = newSessionId();
    await storage.insert(id, record());
    const late = now + 10 * MINUTE;
    expect(await storage.update(id, { data: { x: 1 }, userId: null, expiresAt: late + MINUTE, ip: '::1' }, late)).to.equal(
      false,
    );
    expect(await storage.touch(id, late + MINUTE, late, '::1')).to.equal(false);
    expect(await storage.find(id, late)).to.equal(null);
  });

  it('moves the idle expiry on touch, notes the use on the device, and leaves the data alone', async () => {
    const id = newSessionId();
    await storage.insert(id, record());
    expect(await storage.touch(id, now + 30 * MINUTE, now + 5 * MINUTE, '2001:db8::5')).to.equal(true);
    const found = await storage.find(id, now + 20 * MINUTE);
    expect(found?.expiresAt).to.equal(now + 30 * MINUTE);
    expect(found?.data).to.deep.equal(record().data);
    expect(found?.device).to.deep.equal(device({ ip: '2001:db8::5', lastSeenAt: now + 5 * MINUTE }));
  });

  it('touches an anonymous session without giving it a device', async () => {
    const id = newSessionId();
    await storage.insert(id, record({ userId: null, data: {}, device: null }));
    expect(await storage.touch(id, now + 30 * MINUTE, now + MINUTE, '::1')).to.equal(true);
    expect((await storage.find(id, now + MINUTE))?.device).to.equal(null);
  });

  it('destroys one session and leaves the others; destroying an unknown id is harmless', async () => {
    const [gone, kept] = [newSessionId(), newSessionId()];
    await storage.insert(gone, record());
    await storage.insert(kept, record());
    await storage.destroy(gone);
    await storage.destroy(newSessionId());
    expect(await storage.find(gone, now)).to.equal(null);
    expect(await storage.find(kept, now)).to.not.equal(null);
  });

  it("ends every session of one user and no one else's", async () => {
    const [a1, a2, b, anonymous] = [newSessionId(), newSessionId(), newSessionId(), newSessionId()];
    await storage.insert(a1, record({ userId: 7 }));
    await storage.insert(a2, record({ userId: 7 }));
    await storage.insert(b, record({ userId: 8, data: { passport: { user: 8 } } }));
    await storage.insert(anonymous, record({ userId: null, data: {}, device: null }));

    expect(await storage.destroyAllOfUser(7)).to.equal(2);

    expect(await storage.find(a1, now)).to.equal(null);
    expect(await storage.find(a2, now)).to.equal(null);
    expect(await storage.find(b, now)).to.not.equal(null);
    expect(await storage.find(anonymous, now)).to.not.equal(null);
  });

  it('ends a session that became the user’s by an update', async () => {
    const id = newSessionId();
    await storage.insert(id, record({ userId: null, data: {}, device: null }));
    await storage.update(id, { data: { passport: { user: 9 } }, userId: 9, expiresAt: now + MINUTE, ip: '::1' }, now);
    await storage.destroyAllOfUser(9);
    expect(await storage.find(id, now)).to.equal(null);
  });

  it('ends every session of every user, anonymous ones too, and counts them', async () => {
    const [a, b, anonymous] = [newSessionId(), newSessionId(), newSessionId()];
    await storage.insert(a, record({ userId: 7 }));
    await storage.insert(b, record({ userId: 8, data: { passport: { user: 8 } }, device: device({ handle: newSessionHandle() }) }));
    await storage.insert(anonymous, record({ userId: null, data: {}, device: null }));

    expect(await storage.destroyAll()).to.equal(3);

    for (const id of [a, b, anonymous]) expect(await storage.find(id, now)).to.equal(null);
    expect(await storage.listOfUser(7, now)).to.deep.equal([]);
    expect(await storage.countOfUser(8, now)).to.equal(0);
    expect(await storage.destroyAll()).to.equal(0);
    // A session begun after it is kept as usual.
    await storage.insert(a, record({ userId: 7 }));
    expect(await storage.countOfUser(7, now)).to.equal(1);
  });

  it("counts the user's live sessions only", async () => {
    const [a1, a2, expiring, b, anonymous] = [newSessionId(), newSessionId(), newSessionId(), newSessionId(), newSessionId()];
    await storage.insert(a1, record({ userId: 7 }));
    await storage.insert(a2, record({ userId: 7, expiresAt: now + 30 * MINUTE }));
    await storage.insert(expiring, record({ userId: 7, expiresAt: now + MINUTE }));
    await storage.insert(b, record({ userId: 8 }));
    await storage.insert(anonymous, record({ userId: null }));

    expect(await storage.countOfUser(7, now)).to.equal(3);
    expect(await storage.countOfUser(7, now + MINUTE)).to.equal(2);
    await storage.destroy(a1);
    expect(await storage.countOfUser(7, now)).to.equal(2);
    expect(await storage.countOfUser(8, now)).to.equal(1);
    expect(await storage.countOfUser(9, now)).to.equal(0);
  });

  it('counts a session that became the user’s by an update, and none once all are ended', async () => {
    const id = newSessionId();
    await storage.insert(id, record({ userId: null, data: {} }));
    await storage.update(id, { data: { passport: { user: 9 } }, userId: 9, expiresAt: now + MINUTE, ip: '127.0.0.1' }, now);
    expect(await storage.countOfUser(9, now)).to.equal(1);
    await storage.destroyAllOfUser(9);
    expect(await storage.countOfUser(9, now)).to.equal(0);
  });

  it('purges without touching live sessions (Redis expires keys by itself)', async () => {
    const [expired, live] = [newSessionId(), newSessionId()];
    await storage.insert(expired, record({ expiresAt: now + MINUTE }));
    await storage.insert(live, record({ expiresAt: now + 30 * MINUTE }));
    await storage.purgeExpired(now + 2 * MINUTE);
    expect(await storage.find(expired, now + 2 * MINUTE)).to.equal(null);
    expect(await storage.find(live, now + 2 * MINUTE)).to.not.equal(null);
  });

  sessionDeviceContract(() => ({ storage, now, device, record }));
}
