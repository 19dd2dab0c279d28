import { isWellFormedToken } from '../shared/ports/secret-tokens.js';

/**
 * What a remember-me cookie carries: `<selector>.<validator>`, each 256 random bits in
 * base64url (43 characters). The selector finds the stored token; the validator proves
 * the cookie, and only its hash is stored.
 */
export interface RememberCookieParts {
  readonly selector: string;
  readonly validator: string;
}

/** selector, dot, validator: checked first, so an over-long value is never split. */
const COOKIE_LENGTH = 43 + 1 + 43;

/** A remember-me cookie for the web layer to set: its value and how long it lives from now. */
export interface RememberCookie {
  readonly value: string;
  readonly maxAgeMs: number;
}

/** The cookie value of these parts. */
export function rememberCookieValue(parts: RememberCookieParts): string {
  return `${parts.selector}.${parts.validator}`;
}

/**
 * The parts of a cookie value of exactly the shape `rememberCookieValue` makes, or null
 * for anything else (tampered, truncated, over-long, not a string): such a value is
 * never looked up.
 */
export function parseRememberCookie(value: unknown): RememberCookieParts | null {
  if (typeof value !== 'string' || value.length !== COOKIE_LENGTH) return null;
  const [selector, validator, ...rest] = value.split('.');
  if (rest.length > 0 || !isWellFormedToken(selector) || !isWellFormedToken(validator)) return null;
  return { selector, validator };
}

/** The selector of a well-formed cookie value, or null. */
export function selectorOf(value: unknown): string | null {
  return parseRememberCookie(value)?.selector ?? null;
}
