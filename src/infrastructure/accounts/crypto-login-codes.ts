import { createHash, randomInt } from 'node:crypto';
import type { LoginCodeSecrets } from '../../application/accounts/ports/login-codes.js';

/**
 * Login codes from Node's CSPRNG: 8 digits, uniform (`randomInt`), stored as the
 * SHA-256 of the user's id and the code, so one code's hash is no other account's.
 */
export const cryptoLoginCodes: LoginCodeSecrets = {
  create: () => randomInt(0, 100_000_000).toString().padStart(8, '0'),
  hashOf: (userId, code) => createHash('sha256').update(`login-code:${userId}:${code}`, 'utf8').digest('hex'),
};
