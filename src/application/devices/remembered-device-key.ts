import { isWellFormedToken } from '../shared/ports/secret-tokens.js';

/**
 * What a remembered device proves itself with: a selector, which finds its stored token,
 * and a validator, of which only the hash is stored. Each is 256 random bits in
 * base64url (43 characters). How a browser carries the key is the web layer's business.
 */
export interface RememberedDeviceKey {
  readonly selector: string;
  readonly validator: string;
}

/** A key for the device to keep, and how long from now it lives. */
export interface IssuedDeviceKey {
  readonly key: RememberedDeviceKey;
  readonly lifetimeMs: number;
}

/**
 * The key when both its parts are of the shape the app makes, or null (none, or
 * tampered): a key that is not is never looked up.
 */
export function wellFormedKey(key: RememberedDeviceKey | null): RememberedDeviceKey | null {
  return key !== null && isWellFormedToken(key.selector) && isWellFormedToken(key.validator) ? key : null;
}

/** The selector of a well-formed key, or null. */
export function selectorOf(key: RememberedDeviceKey | null): string | null {
  return wellFormedKey(key)?.selector ?? null;
}
