import { expect } from 'chai';
import type { RememberedDeviceKey } from '../../../../src/application/devices/remembered-device-key.js';
import { ListSessions } from '../../../../src/application/devices/list-sessions.js';
import type { SessionDevice } from '../../../../src/application/shared/ports/session-storage.js';
import { RevokeOtherSessions } from '../../../../src/application/devices/revoke-other-sessions.js';
import { RevokeSession } from '../../../../src/application/devices/revoke-session.js';
import { devicesIds } from '../../../../src/infrastructure/devices/devices-ids.js';
import { sharedIds } from '../../../../src/infrastructure/shared/shared-ids.js';
import { newSessionHandle, newSessionId } from '../../../../src/web/shared/session-id.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { testContainer } from '../../../support/test-container.js';
import { ManualClock } from '../../../support/throttle.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ADA = 1;
const BOB = 2;

/**
 * Ada's laptop (used a minute ago) and phone (five minutes ago), and Bob's laptop, in
 * memory, with the app's EndSessions on them, and a recorder of security events.
 */
async function setUp() {
  const clock = new ManualClock();
  const built = testContainer({ clock, sessionClock: clock });
  const sessions = built.get(sharedIds.sessionStorage);
  const tokens = built.get(devicesIds.rememberTokens);
  const endSessions = built.get(devicesIds.endSessions);
  const events = new RecordedEvents();
  const now = clock.now();
  /** A remembered device of this user that last started the session with `sessionHandle`; resolves its key. */
  async function remember(userId: number, sessionHandle: string): Promise<RememberedDeviceKey> {
    const selector = newSessionId();
    await tokens.issue({
      handle: newSessionHandle(),
      selector,
      validatorHash: 'h'.repeat(64),
      userId,
      sessionHandle,
      createdAt: now,
      expiresAt: now + HOUR,
      userAgent: 'UA',
      ip: '::1',
    });
    return { selector, validator: newSessionId() };
  }
  const devicesOf = async (userId: number) => (await tokens.listOfUser(userId, now)).map((token) => token.sessionHandle);
  async function store(userId: number, lastSeenAt: number, expiresAt = now + 30 * MINUTE) {
    const id = newSessionId();
    const device: SessionDevice = { handle: newSessionHandle(), userAgent: 'UA', ip: '::1', createdAt: now - HOUR, lastSeenAt };
    await sessions.insert(id, { data: {}, userId, expiresAt, absoluteExpiresAt: now + HOUR, device });
    return { id, handle: device.handle };
  }
  const laptop = await store(ADA, now - MINUTE);
  const phone = await store(ADA, now - 5 * MINUTE);
  const bob = await store(BOB, now - MINUTE);
  const list = (currentHandle: string | null) => new ListSessions(sessions, clock).execute({ userId: ADA, currentHandle });
  return { clock, sessions, endSessions, events, now, store, laptop, phone, bob, list, remember, devicesOf };
}

describe('ListSessions', () => {
  it("gives the user's live sessions, most recently used first, and marks the one asking", async () => {
    const { laptop, phone, list } = await setUp();
    const result = await list(phone.handle);
    expect(result.kind).to.equal('ok');
    expect(result.sessions.map((s) => [s.handle, s.current])).to.deep.equal([
      [laptop.handle, false],
      [phone.handle, true],
    ]);
  });

  it('marks none as current for a session without a handle', async () => {
    const { list } = await setUp();
    expect((await list(null)).sessions.every((s) => !s.current)).to.equal(true);
  });

  it('leaves out a session that expired by the clock', async () => {
    const { clock, store, now, list } = await setUp();
    await store(ADA, now, now + MINUTE);
    clock.advance(MINUTE);
    expect((await list(null)).sessions).to.have.length(2);
  });
});

describe('RevokeSession', () => {
  it('ends the chosen session of the user and says whether it was the one asking', async () => {
    const { clock, sessions, endSessions, events, laptop, phone, now } = await setUp();
    const revoke = new RevokeSession(endSessions, clock, events);
    expect(await revoke.execute({ userId: ADA, handle: phone.handle, currentHandle: laptop.handle })).to.deep.equal({
      kind: 'ok',
      current: false,
    });
    expect(await sessions.find(phone.id, now)).to.equal(null);
    expect(await revoke.execute({ userId: ADA, handle: laptop.handle, currentHandle: laptop.handle })).to.deep.equal({
      kind: 'ok',
      current: true,
    });
  });

  it('forgets the remembered device that started the chosen session, also when the session itself is gone', async () => {
    const { clock, sessions, endSessions, events, laptop, phone, remember, devicesOf } = await setUp();
    await remember(ADA, phone.handle);
    await remember(ADA, laptop.handle);
    await sessions.destroy(phone.id);
    const result = await new RevokeSession(endSessions, clock, events).execute({
      userId: ADA,
      handle: phone.handle,
      currentHandle: laptop.handle,
    });
    expect(result).to.deep.equal({ kind: 'ok', current: false });
    expect(await devicesOf(ADA)).to.deep.equal([laptop.handle]);
  });

  it("is not-found for another user's session, an ended one, or an unknown handle, and ends nothing", async () => {
    const { clock, sessions, endSessions, events, laptop, bob, now } = await setUp();
    const revoke = new RevokeSession(endSessions, clock, events);
    await sessions.destroy(laptop.id);
    for (const handle of [bob.handle, laptop.handle, newSessionHandle()]) {
      expect(await revoke.execute({ userId: ADA, handle, currentHandle: null })).to.deep.equal({ kind: 'not-found' });
    }
    expect(await sessions.find(bob.id, now)).to.not.equal(null);
  });
});

describe('RevokeSession and RevokeOtherSessions: their security events', () => {
  it('records session.revoked, sessions.revoked-others and each refusal as session.revoke-refused, with the request', async () => {
    const { clock, endSessions, events, laptop, phone } = await setUp();
    const [revoke, revokeOthers] = [new RevokeSession(endSessions, clock, events), new RevokeOtherSessions(endSessions, events)];
    const request = testRequest();

    await revoke.execute({ userId: ADA, handle: phone.handle, currentHandle: laptop.handle, request });
    await revoke.execute({ userId: ADA, handle: phone.handle, currentHandle: laptop.handle, request });
    await revokeOthers.execute({ userId: ADA, currentHandle: laptop.handle, currentKey: null, request });
    await revokeOthers.execute({ userId: ADA, currentHandle: null, currentKey: null });

    expect(events.recorded).to.deep.equal([
      { type: 'session.revoked', userId: ADA, request },
      { type: 'session.revoke-refused', userId: ADA, reason: 'not-found', request },
      { type: 'sessions.revoked-others', userId: ADA, request },
      { type: 'session.revoke-refused', userId: ADA, reason: 'current-unknown' },
    ]);
  });
});

describe('RevokeOtherSessions', () => {
  it("ends every other session of the user and keeps the one asking and other users'", async () => {
    const { sessions, endSessions, events, laptop, phone, bob, now } = await setUp();
    const result = await new RevokeOtherSessions(endSessions, events).execute({ userId: ADA, currentHandle: laptop.handle, currentKey: null });
    expect(result).to.deep.equal({ kind: 'ok' });
    expect(await sessions.find(phone.id, now)).to.equal(null);
    expect(await sessions.find(laptop.id, now)).to.not.equal(null);
    expect(await sessions.find(bob.id, now)).to.not.equal(null);
  });

  it("forgets every other remembered device of the user, and keeps the asking device's and other users'", async () => {
    const { endSessions, events, laptop, phone, bob, remember, devicesOf } = await setUp();
    const laptopKey = await remember(ADA, laptop.handle);
    await remember(ADA, phone.handle);
    await remember(BOB, bob.handle);
    await new RevokeOtherSessions(endSessions, events).execute({
      userId: ADA,
      currentHandle: laptop.handle,
      currentKey: laptopKey,
    });
    expect(await devicesOf(ADA)).to.deep.equal([laptop.handle]);
    expect(await devicesOf(BOB)).to.deep.equal([bob.handle]);
  });

  it('ends nothing when the session asking has no handle to be told apart by', async () => {
    const { sessions, endSessions, events, laptop, phone, now } = await setUp();
    const result = await new RevokeOtherSessions(endSessions, events).execute({ userId: ADA, currentHandle: null, currentKey: null });
    expect(result).to.deep.equal({ kind: 'current-unknown' });
    for (const { id } of [laptop, phone]) expect(await sessions.find(id, now)).to.not.equal(null);
  });
});
