import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { LoginCodeSecrets } from '../../application/accounts/ports/login-codes.js';

/** What the login codes' hashing key is derived for, so it is no other use's key. */
const KEY_PURPOSE = 'gatehouse login-code hash';

/**
 * Login codes from Node's CSPRNG: 8 digits, uniform (`randomInt`), stored as an
 * HMAC-SHA-256 of the user's id and the code under a key derived (HKDF-SHA-256) from
 * `secret`, the newest session signing key. A code has only 10^8 values, so a plain hash
 * in a stolen table could be reversed by trying them all; without the key it cannot.
 * The user's id in the message makes one code's hash no other account's.
 */
export function keyedLoginCodes(secret: string): LoginCodeSecrets {
  const key = Buffer.from(hkdfSync('sha256', secret, '', KEY_PURPOSE, 32));
  return {
    create: () => randomInt(0, 100_000_000).toString().padStart(8, '0'),
    hashOf: (userId, code) => createHmac('sha256', key).update(`${userId}:${code}`, 'utf8').digest('hex'),
  };
}
