import type { NewPasskey } from '../../../src/application/passkeys/ports/passkeys.js';

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
