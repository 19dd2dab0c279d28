/** Fewest characters (Unicode code points) a new password may have. */
export const PASSWORD_MIN_CHARACTERS = 8;

/** bcrypt reads at most 72 bytes; anything longer would be silently ignored. */
export const PASSWORD_MAX_BYTES = 72;

/** Why a new password is refused, or null when it is acceptable. */
export type PasswordProblem = 'password-too-short' | 'password-too-long';

const utf8 = new TextEncoder();

/** Length of `password` in UTF-8 bytes, the unit bcrypt truncates on. */
export function passwordByteLength(password: string): number {
  return utf8.encode(password).length;
}

/**
 * Checks a new password against the length rules. The password is kept exactly as
 * typed: no trimming or normalisation, so every character counts.
 */
export function checkNewPassword(password: string): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_CHARACTERS) return 'password-too-short';
  if (passwordByteLength(password) > PASSWORD_MAX_BYTES) return 'password-too-long';
  return null;
}
