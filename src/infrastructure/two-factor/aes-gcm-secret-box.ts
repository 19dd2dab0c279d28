import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { OpenedSecret, SecretBox } from '../../application/two-factor/ports/secret-box.js';

/** Bytes of an AES-256 key. */
export const DATA_KEY_BYTES = 32;

/** The version of the sealed format, its first part. */
const VERSION = 'v1';
/** A 96-bit IV, as GCM wants it; random per seal. */
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface Key {
  readonly id: string;
  readonly bytes: Buffer;
}

/** A key's public name: the first 4 bytes of its SHA-256, hex. It tells keys apart and reveals nothing. */
export function dataKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/**
 * AES-256-GCM with node:crypto. A sealed secret reads `v1.<key id>.<iv>.<ciphertext>.<tag>`
 * (base64url parts), and its context is the additional authenticated data, so a sealed
 * value moved to another row or changed by one bit does not open. The newest key seals;
 * every key opens what it sealed.
 */
export class AesGcmSecretBox implements SecretBox {
  private readonly keys: readonly Key[];

  /** `keys`: 32 bytes each, newest first; at least one. */
  constructor(keys: readonly Buffer[]) {
    if (keys.length === 0 || keys.some((key) => key.length !== DATA_KEY_BYTES)) {
      throw new Error(`AesGcmSecretBox needs one or more keys of ${DATA_KEY_BYTES} bytes`);
    }
    this.keys = keys.map((bytes) => ({ id: dataKeyId(bytes), bytes }));
  }

  seal(plain: string, context: string): string {
    const key = this.keys[0] as Key;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString('base64url'));
    return [VERSION, key.id, ...parts].join('.');
  }

  open(sealed: string, context: string): OpenedSecret | null {
    const [version, keyId, iv, ciphertext, tag, ...rest] = sealed.split('.');
    if (version !== VERSION || rest.length > 0 || iv === undefined || ciphertext === undefined || tag === undefined) {
      return null;
    }
    const index = this.keys.findIndex((key) => key.id === keyId);
    const key = this.keys[index];
    if (!key) return null;
    const [ivBytes, tagBytes] = [Buffer.from(iv, 'base64url'), Buffer.from(tag, 'base64url')];
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return null;
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tagBytes);
    try {
      const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
      return { plain: plain.toString('utf8'), current: index === 0 };
    } catch {
      // `final` throws when the tag does not match: changed, or sealed under another context.
      return null;
    }
  }
}
