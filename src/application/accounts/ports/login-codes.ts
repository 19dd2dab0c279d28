import type { UserId } from '../../../domain/shared/user.js';

/** How long a login code works, and how many tries one code allows. */
export const LOGIN_CODE_LIFETIME_MS = 10 * 60 * 1000;
export const LOGIN_CODE_MAX_TRIES = 5;

/** The shape of a login code: 8 digits, nothing else. */
const LOGIN_CODE = /^[0-9]{8}$/;

/** Whether `code` has the shape of a login code; anything else is refused before a look-up. */
export function isWellFormedLoginCode(code: unknown): code is string {
  return typeof code === 'string' && LOGIN_CODE.test(code);
}

/**
 * The codes emailed for a login: 8 digits from a cryptographic random source, of which
 * only a hash bound to the user is stored.
 */
export interface LoginCodeSecrets {
  /** A new code of 8 digits, leading zeros included. */
  create(): string;
  /** The hash stored for `code` sent to `userId`. */
  hashOf(userId: UserId, code: string): string;
}
