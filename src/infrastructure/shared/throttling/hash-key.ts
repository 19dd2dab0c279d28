import { createHash } from 'node:crypto';

/**
 * The stored form of a throttle key: a SHA-256 digest, so that storage holds no
 * emails or addresses in the clear and every key has the same short length.
 */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
