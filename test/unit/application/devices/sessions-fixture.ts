import type { RememberedDeviceKey } from '../../../../src/application/devices/remembered-device-key.js';
import type { SessionDevice } from '../../../../src/application/shared/ports/session-storage.js';
import { devicesIds } from '../../../../src/infrastructure/devices/devices-ids.js';
import { sharedIds } from '../../../../src/infrastructure/shared/shared-ids.js';
import { newSessionHandle, newSessionId } from '../../../../src/web/shared/session-id.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';
import { testContainer } from '../../../support/test-container.js';
import { ManualClock } from '../../../support/throttle.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const ADA = 1;
export const BOB = 2;

/**
 * Ada's laptop (used a minute ago) and phone (five minutes ago), and Bob's laptop, in
 * memory, with the app's EndSessions on them, and a recorder of security events.
 */
export async function setUp() {
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
  return { clock, sessions, endSessions, events, now, store, laptop, phone, bob, remember, devicesOf };
}

