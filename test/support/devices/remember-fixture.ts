import type { LogInWithRememberedDeviceResult } from '../../../src/application/devices/log-in-with-remembered-device.js';
import type { RememberTokens } from '../../../src/application/devices/ports/remember-tokens.js';
import type { RememberedDeviceKey } from '../../../src/application/devices/remembered-device-key.js';
import { Email } from '../../../src/domain/shared/email.js';
import type { User, UserId } from '../../../src/domain/shared/user.js';
import { devicesIds } from '../../../src/infrastructure/devices/devices-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { RecordedEvents } from '../audit/recorded-events.js';
import { testContainer } from '../test-container.js';
import { CLIENT_ADDRESS, ManualClock } from '../throttle.js';

/** A Firefox on Ubuntu, as a browser sends it. */
export const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** The request a remembered login comes in, as the web passes it. */
export const REMEMBERED_REQUEST = { ip: CLIENT_ADDRESS, userAgent: FIREFOX, requestId: 'remembered-request' };

/** A session handle of the right shape, unique per name. */
export function sessionHandle(name: string): string {
  return Buffer.from(name).toString('hex').padEnd(32, '0').slice(0, 32);
}

/**
 * The remember-me use cases as the app wires them, on in-memory stores (or on `tokens`),
 * a clock a test moves, the security events they record, and two users, Ada (id 1) and
 * Grace (id 2), each with one live session.
 */
export async function rememberFixture(parts: { readonly tokens?: RememberTokens } = {}) {
  const clock = new ManualClock();
  const built = testContainer({ clock, sessionClock: clock });
  const events = new RecordedEvents();
  built.replace(sharedIds.securityEvents, events);
  if (parts.tokens) built.replace(devicesIds.rememberTokens, parts.tokens);
  const users = built.get(sharedIds.users);
  const sessions = built.get(sharedIds.sessionStorage);
  const tokens = built.get(devicesIds.rememberTokens);
  const endSessions = built.get(devicesIds.endSessions);
  const services = {
    rememberDevice: built.get(devicesIds.rememberDevice),
    logInWithRememberedDevice: built.get(devicesIds.logInWithRememberedDevice),
    forgetThisDevice: built.get(devicesIds.forgetThisDevice),
    listRememberedDevices: built.get(devicesIds.listRememberedDevices),
    forgetDevice: built.get(devicesIds.forgetDevice),
  };
  const addUser = (email: string): Promise<User> =>
    users.create({ email: Email.fromTrusted(email), passwordHash: 'fake$10$password', phone: null });
  const ada = await addUser('ada@example.com');
  const grace = await addUser('grace@example.com');
  for (const user of [ada, grace]) await startSession(user.id, `session-of-${user.id}`);

  /** Stores a live session of this user under `id`. */
  async function startSession(userId: UserId, id: string): Promise<void> {
    const now = clock.now();
    await sessions.insert(id, {
      data: { passport: { user: userId } },
      userId,
      expiresAt: now + 3_600_000,
      absoluteExpiresAt: now + 86_400_000,
      device: null,
    });
  }

  /** Remembers a device of the user (Ada unless told), as a ticked login does; resolves its key. */
  async function remember(userId: UserId = ada.id, handle = sessionHandle('login')): Promise<RememberedDeviceKey> {
    const result = await services.rememberDevice.execute({
      userId,
      sessionHandle: handle,
      currentKey: null,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });
    return result.key;
  }

  /** A request with no session that presents this key. */
  function logInWith(
    key: RememberedDeviceKey | null,
    handle = sessionHandle('remembered'),
  ): Promise<LogInWithRememberedDeviceResult> {
    return services.logInWithRememberedDevice.execute({ key, sessionHandle: handle, request: REMEMBERED_REQUEST });
  }

  /** The rotated key of an `ok` result; throws for any other result. */
  async function rotate(key: RememberedDeviceKey): Promise<RememberedDeviceKey> {
    const result = await logInWith(key);
    if (result.kind !== 'ok' || !result.renewed) throw new Error(`no rotated key: ${JSON.stringify(result)}`);
    return result.renewed.key;
  }

  /** Whether the user still has a live session. */
  const hasSession = async (userId: UserId) => (await sessions.find(`session-of-${userId}`, clock.now())) !== null;

  /** How many remembered devices the user has. */
  const devicesOf = async (userId: UserId) => (await tokens.listOfUser(userId, clock.now())).length;

  return {
    clock,
    users,
    sessions,
    tokens,
    endSessions,
    services,
    events: events.recorded,
    ada,
    grace,
    startSession,
    remember,
    logInWith,
    rotate,
    hasSession,
    devicesOf,
  };
}
