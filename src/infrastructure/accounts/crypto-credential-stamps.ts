import { createHash } from 'node:crypto';
import type { CredentialStamps } from '../../application/accounts/ports/credential-stamps.js';

/**
 * The first 64 bits of SHA-256 of the stored hash, hex: enough to tell one password hash
 * from the next, and too little (of a salted slow hash) to tell anything about the password.
 */
export const cryptoCredentialStamps: CredentialStamps = {
  stampOf: (passwordHash) => createHash('sha256').update(`credential-stamp:${passwordHash}`, 'utf8').digest('hex').slice(0, 16),
};
