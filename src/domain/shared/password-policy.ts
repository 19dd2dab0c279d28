import { containsContextWord } from './context-words.js';

/** Fewest characters (Unicode code points) a new password may have. */
export const PASSWORD_MIN_CHARACTERS = 8;

/**
 * The longest password the hasher of new passwords takes, in UTF-8 bytes. It depends on
 * the hasher, which the use cases are configured with: bcrypt reads at most 72 bytes
 * and would silently ignore the rest; argon2id reads every byte.
 */
export interface PasswordLimits {
  readonly maxBytes: number;
}

/** bcrypt's: 72 bytes, so 72 plain letters but only 18 emoji or 24 CJK characters. */
export const BCRYPT_PASSWORD_LIMITS: PasswordLimits = { maxBytes: 72 };

/**
 * argon2id's: 1024 bytes, room for 256 characters of any script (4 bytes at most each),
 * well past the 64 that must be allowed, while still bounding the work of one hash.
 */
export const ARGON2ID_PASSWORD_LIMITS: PasswordLimits = { maxBytes: 1024 };

/** Why a new password is refused, or null when it is acceptable. */
export type PasswordProblem =
  | 'password-too-short'
  | 'password-too-long'
  | 'password-too-common'
  | 'password-context-word'
  | 'password-breached';

const utf8 = new TextEncoder();

/** Length of `password` in UTF-8 bytes, the unit bcrypt truncates on. */
export function passwordByteLength(password: string): number {
  return utf8.encode(password).length;
}

/** Whether `password` is longer than the hasher takes, so no stored hash can be of it. */
export function isPasswordTooLong(password: string, limits: PasswordLimits): boolean {
  return passwordByteLength(password) > limits.maxBytes;
}

/**
 * Checks a new password against the length rules of the hasher's `limits`, then against
 * a list of passwords too common to accept (given by the caller, so the domain holds no
 * dictionary), then against the context-specific words of this deployment and account
 * (`contextWords`). The password is kept exactly as typed: no trimming or normalisation.
 */
export function checkNewPassword(
  password: string,
  limits: PasswordLimits,
  isCommon: (password: string) => boolean = () => false,
  words: readonly string[] = [],
): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_CHARACTERS) return 'password-too-short';
  if (isPasswordTooLong(password, limits)) return 'password-too-long';
  if (isCommon(password)) return 'password-too-common';
  if (containsContextWord(password, words)) return 'password-context-word';
  return null;
}
