import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The keys that sign cookies (`app.keys`), with Keygrip's interface and output:
 * HMAC-SHA1 with the first key, base64url without padding; a signature made with any
 * of the keys verifies, so a retired key still reads cookies while they are re-signed
 * with the newest. Koa would otherwise build a Keygrip for every request, and
 * Keygrip's comparison (tsscmp) draws 32 random bytes and computes two more HMACs per
 * check: three HMACs per request with a cookie where one does. The
 * comparison here is `crypto.timingSafeEqual`; only the length, which every genuine
 * signature shares, can end it early.
 */
export class SigningKeys {
  private readonly keys: readonly Buffer[];

  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('SigningKeys: at least one key is needed');
    this.keys = keys.map((key) => Buffer.from(key));
  }

  sign(data: string): string {
    return digest(data, this.keys[0] as Buffer);
  }

  verify(data: string, signature: string): boolean {
    return this.index(data, signature) > -1;
  }

  /** The position of the key that made `signature`, or -1. */
  index(data: string, signature: string): number {
    const given = Buffer.from(signature);
    for (const [position, key] of this.keys.entries()) {
      const expected = Buffer.from(digest(data, key));
      if (expected.length === given.length && timingSafeEqual(expected, given)) return position;
    }
    return -1;
  }
}

function digest(data: string, key: Buffer): string {
  return createHmac('sha1', key).update(data).digest('base64url');
}
