import { EndSessions } from '../../../src/application/devices/end-sessions.js';
import type { LogInWithRememberedDeviceResult } from '../../../src/application/devices/log-in-with-remembered-device.js';
import { Email } from '../../../src/domain/shared/email.js';
import type { User, UserId } from '../../../src/domain/shared/user.js';
import { InMemoryRememberTokens } from '../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { testRememberServices } from '../remember-me.js';
import { CLIENT_ADDRESS, ManualClock } from '../throttle.js';

/** A Firefox on Ubuntu, as a browser sends it. */
export const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A session handle of the right shape, unique per name. */
export function sessionHandle(name: string): string {
  return Buffer.from(name).toString('hex').padEnd(32, '0').slice(0, 32);
}

/**
 * The remember-me use cases on in-memory stores, a clock a test moves, and two users,
 * Ada (id 1) and Grace (id 2), each with one live session.
 */
export async function rememberFixture() {
  const clock = new ManualClock();
  const users = new InMemoryUserRepository();
  const sessions = new MemorySessionStorage();
  const tokens = new InMemoryRememberTokens();
  const endSessions = new EndSessions(sessions, tokens);
  const services = testRememberServices({ tokens, users, endSessions, clock });
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

  /** Remembers a device of the user (Ada unless told), as a ticked login does; resolves its cookie's value. */
  async function remember(userId: UserId = ada.id, handle = sessionHandle('login')): Promise<string> {
    const result = await services.rememberDevice.execute({
      userId,
      sessionHandle: handle,
      currentCookie: undefined,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });
    return result.cookie.value;
  }

  /** A request with no session that carries this cookie. */
  function logInWith(cookie: string, handle = sessionHandle('remembered')): Promise<LogInWithRememberedDeviceResult> {
    return services.logInWithRememberedDevice.execute({
      cookie,
      sessionHandle: handle,
      userAgent: FIREFOX,
      clientAddress: CLIENT_ADDRESS,
    });
  }

  /** The rotated cookie of an `ok` result; throws for any other result. */
  async function rotate(cookie: string): Promise<string> {
    const result = await logInWith(cookie);
    if (result.kind !== 'ok' || !result.cookie) throw new Error(`no rotated cookie: ${JSON.stringify(result)}`);
    return result.cookie.value;
  }

  /** Whether the user still has a live session. */
  const hasSession = async (userId: UserId) => (await sessions.find(`session-of-${userId}`, clock.now())) !== null;

  /** How many remembered devices the user has. */
  const devicesOf = async (userId: UserId) => (await tokens.listOfUser(userId, clock.now())).length;

  return { clock, users, sessions, tokens, endSessions, services, ada, grace, startSession, remember, logInWith, rotate, hasSession, devicesOf };
}
