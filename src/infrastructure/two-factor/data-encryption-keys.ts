import { DATA_KEY_BYTES } from './aes-gcm-secret-box.js';

/** What DATA_ENCRYPTION_KEY's keys may look like, for the error message and the docs. */
export const DATA_KEY_FORMAT = '32 bytes each, as 64 hex characters or base64 (openssl rand -base64 32)';

/**
 * Reads DATA_ENCRYPTION_KEY: comma-separated keys, newest first, each 32 bytes as 64 hex
 * characters or as base64 / base64url (43 or 44 characters). Resolves the keys (none when
 * unset), or a message saying what is wrong, which never repeats a key.
 */
export function parseDataEncryptionKeys(raw: string | undefined): Buffer[] | string {
  const parts = (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const keys: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    const key = decodeKey(part);
    if (!key) return `key ${index + 1} is not ${DATA_KEY_FORMAT}`;
    keys.push(key);
  }
  return keys;
}

function decodeKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === DATA_KEY_BYTES ? bytes : null;
}
