import type { EndSessions } from '../../../src/application/devices/end-sessions.js';
import type { NewPasskey } from '../../../src/application/passkeys/ports/passkeys.js';
import { devicesIds } from '../../../src/infrastructure/devices/devices-ids.js';
import { testContainer } from '../test-container.js';

/** The app's EndSessions on fresh in-memory stores: for use cases whose forgetting of devices a test does not look at. */
export function noDevices(): EndSessions {
  return testContainer().get(devicesIds.endSessions);
}

/**
 * A passkey row as a finished registration stores it, for tests that put one straight
 * in a store: `cred-<name>` is its credential id, so names must differ across users.
 */
export function storedPasskey(userId: number, name: string): NewPasskey {
  return {
    userId,
    credentialId: `cred-${name}`,
    publicKey: new Uint8Array([1, 2, 3]),
    counter: 0,
    transports: ['internal'],
    userHandle: `handle-${userId}`,
    name,
    backedUp: false,
    createdAt: 0,
  };
}
