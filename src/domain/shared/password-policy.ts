/** Fewest characters (Unicode code points) a new password may have. */
export const PASSWORD_MIN_CHARACTERS = 8;

/** bcrypt reads at most 72 bytes; anything longer would be silently ignored. */
export const PASSWORD_MAX_BYTES = 72;

/** Why a new password is refused, or null when it is acceptable. */
export type PasswordProblem = 'password-too-short' | 'password-too-long' | 'password-too-common';

const utf8 = new TextEncoder();

/** Length of `password` in UTF-8 bytes, the unit bcrypt truncates on. */
export function passwordByteLength(password: string): number {
  return utf8.encode(password).length;
}

/**
 * Checks a new password against the length rules, then against a list of passwords
 * too common to accept (given by the caller, so the domain holds no dictionary). The
 * password is kept exactly as typed: no trimming or normalisation.
 */
export function checkNewPassword(
  password: string,
  isCommon: (password: string) => boolean = () => false,
): PasswordProblem | null {
  if ([...password].length < PASSWORD_MIN_CHARACTERS) return 'password-too-short';
  if (passwordByteLength(password) > PASSWORD_MAX_BYTES) return 'password-too-long';
  if (isCommon(password)) return 'password-too-common';
  return null;
}
