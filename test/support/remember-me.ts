import type { RememberTokens } from '../../src/application/devices/ports/remember-tokens.js';
import type { RememberedDeviceKey } from '../../src/application/devices/remembered-device-key.js';
import { devicesIds } from '../../src/infrastructure/devices/devices-ids.js';
import { cryptoSecretTokens } from '../../src/infrastructure/shared/crypto-secret-tokens.js';
import { testContainer } from './test-container.js';

/** The default of REMEMBER_ME_SECONDS: 30 days. */
export const TEST_REMEMBER_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Remembers a device of `userId` on `tokens` at `now`, through the app's RememberDevice
 * as a ticked login does; resolves the key the device keeps.
 */
export async function rememberOn(tokens: RememberTokens, userId: number, now: number): Promise<RememberedDeviceKey> {
  const built = testContainer({ clock: { now: () => now } });
  built.replace(devicesIds.rememberTokens, tokens);
  const result = await built.get(devicesIds.rememberDevice).execute({
    userId,
    sessionHandle: cryptoSecretTokens.handle(),
    currentKey: null,
    userAgent: 'Mozilla/5.0',
    clientAddress: '192.0.2.1',
  });
  return result.key;
}
