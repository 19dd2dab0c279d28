import { checkNewPassword, type PasswordLimits, type PasswordProblem } from '../../domain/shared/password-policy.js';
import { contextWords, type PasswordContext } from '../../domain/shared/context-words.js';
import type { BreachedPasswords } from './ports/breached-passwords.js';
import type { CommonPasswords } from './ports/common-passwords.js';

/** Whose new password it is: the account's email and phone (the words of `contextWords`). */
export type PasswordOwner = Omit<PasswordContext, 'host'>;

/**
 * Every rule a new password must pass: the hasher's length limits, the list of common
 * passwords, the context-specific words of the deployment (`host`, APP_URL's) and of
 * `owner`, then (only for a password that passed those) the breached passwords.
 */
export async function checkNewPasswordWith(
  password: string,
  limits: PasswordLimits,
  common: CommonPasswords,
  breached: BreachedPasswords,
  context: { readonly host: string | null; readonly owner: PasswordOwner } = { host: null, owner: { email: null, phone: null } },
): Promise<PasswordProblem | null> {
  const words = contextWords({ host: context.host, ...context.owner });
  const problem = checkNewPassword(password, limits, (candidate) => common.includes(candidate), words);
  if (problem) return problem;
  return (await breached.isBreached(password)) ? 'password-breached' : null;
}
