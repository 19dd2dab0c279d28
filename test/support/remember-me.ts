import type { EndSessions } from '../../src/application/devices/end-sessions.js';
import { ForgetDevice } from '../../src/application/devices/forget-device.js';
import { ForgetThisDevice } from '../../src/application/devices/forget-this-device.js';
import { ListRememberedDevices } from '../../src/application/devices/list-remembered-devices.js';
import { LogInWithRememberedDevice } from '../../src/application/devices/log-in-with-remembered-device.js';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import type { RememberTokens } from '../../src/application/devices/ports/remember-tokens.js';
import type { UserRepository } from '../../src/application/shared/ports/user-repository.js';
import { RememberDevice } from '../../src/application/devices/remember-device.js';
import { cryptoSecretTokens } from '../../src/infrastructure/shared/crypto-secret-tokens.js';

/** The default of REMEMBER_ME_SECONDS: 30 days. */
export const TEST_REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** What the remembered devices of a test app are built on. */
export interface RememberParts {
  readonly tokens: RememberTokens;
  readonly users: UserRepository;
  readonly endSessions: EndSessions;
  readonly clock: Clock;
  /** REMEMBER_ME_SECONDS in milliseconds; 30 days unless given. */
  readonly lifetimeMs?: number | undefined;
}

/** The remember-me use cases on a test app's stores, with real secrets (CSPRNG, SHA-256). */
export function testRememberServices(parts: RememberParts) {
  const { tokens, users, endSessions, clock } = parts;
  return {
    rememberDevice: new RememberDevice(tokens, cryptoSecretTokens, clock, parts.lifetimeMs ?? TEST_REMEMBER_LIFETIME_MS),
    logInWithRememberedDevice: new LogInWithRememberedDevice(tokens, users, endSessions, cryptoSecretTokens, clock),
    forgetThisDevice: new ForgetThisDevice(tokens),
    listRememberedDevices: new ListRememberedDevices(tokens, clock),
    forgetDevice: new ForgetDevice(tokens, clock),
  };
}

/** Remembers a device of `userId` on `tokens` at `now`, as a ticked login does; resolves its cookie's value. */
export async function rememberOn(tokens: RememberTokens, userId: number, now: number): Promise<string> {
  const rememberDevice = new RememberDevice(tokens, cryptoSecretTokens, { now: () => now }, TEST_REMEMBER_LIFETIME_MS);
  const result = await rememberDevice.execute({
    userId,
    sessionHandle: cryptoSecretTokens.handle(),
    currentCookie: undefined,
    userAgent: 'Mozilla/5.0',
    clientAddress: '192.0.2.1',
  });
  return result.cookie.value;
}
