import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretToken, SecretTokens } from '../../application/shared/ports/secret-tokens.js';

/** 256-bit link secrets from Node's CSPRNG, stored as SHA-256 (a secret this long needs no slow hash). */
export const cryptoSecretTokens: SecretTokens = {
  create(): SecretToken {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: sha256(token) };
  },
  hashOf: sha256,
  handle: () => randomBytes(16).toString('hex'),
  sameHash(a: string, b: string): boolean {
    const [left, right] = [Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')];
    // Every hash has the same length, so only a malformed one returns early; the length is no secret.
    return left.length === right.length && timingSafeEqual(left, right);
  },
};

function sha256(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
