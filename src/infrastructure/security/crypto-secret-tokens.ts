import { createHash, randomBytes } from 'node:crypto';
import type { SecretToken, SecretTokens } from '../../application/ports/secret-tokens.js';

/** 256-bit link secrets from Node's CSPRNG, stored as SHA-256 (a secret this long needs no slow hash). */
export const cryptoSecretTokens: SecretTokens = {
  create(): SecretToken {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: sha256(token) };
  },
  hashOf: sha256,
};

function sha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
