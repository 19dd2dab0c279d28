import { checkNewPassword, type PasswordLimits, type PasswordProblem } from '../../domain/shared/password-policy.js';
import type { BreachedPasswords } from './ports/breached-passwords.js';
import type { CommonPasswords } from './ports/common-passwords.js';

/**
 * Every rule a new password must pass: the hasher's length limits, the list of common
 * passwords, then (only for a password that passed those) the breached passwords.
 */
export async function checkNewPasswordWith(
  password: string,
  limits: PasswordLimits,
  common: CommonPasswords,
  breached: BreachedPasswords,
): Promise<PasswordProblem | null> {
  const problem = checkNewPassword(password, limits, (candidate) => common.includes(candidate));
  if (problem) return problem;
  return (await breached.isBreached(password)) ? 'password-breached' : null;
}
