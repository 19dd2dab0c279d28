import type { Administration } from '../application/administration/administration.js';
import type { RemovedSecondFactors } from '../application/administration/reset-two-factor.js';
import type { UserRef } from '../application/shared/user-ref.js';
import { unhandled } from '../application/shared/unhandled.js';
import { USER_ID_MAX } from '../domain/shared/user.js';
import type { CliOutput } from './cli-output.js';

/** What `user reset-two-factor` needs: the administration's use case, which records the act. */
export interface ResetTwoFactorCommandDependencies {
  readonly administration: Pick<Administration, 'resetTwoFactor'>;
}

/** Its line of the usage text. */
export const RESET_TWO_FACTOR_USAGE = [
  '  user reset-two-factor <email|id> --yes  remove the user\'s authenticator app, recovery codes and passkeys',
];

/**
 * Runs `user reset-two-factor <email|id> --yes`, how an operator lets in a user (an
 * administrator under REQUIRE_2FA_FOR_ADMINS included) who lost the device: resolves
 * the exit code, or null for another command. The use case records the act as the pages'
 * do, with no administrator as actor ("by an operator (command line)"), and the user is
 * mailed that an operator reset them.
 */
export async function runResetTwoFactorCommand(
  args: readonly string[],
  deps: ResetTwoFactorCommandDependencies,
  out: CliOutput,
): Promise<number | null> {
  const [command, action, who, ...flags] = args;
  if (command !== 'user' || action !== 'reset-two-factor' || who === undefined || who.startsWith('--')) return null;
  if (flags.length > 1 || flags.some((flag) => flag !== '--yes')) return null;
  if (flags.length === 0) {
    out.error(`This removes every second factor of ${who} (authenticator app, recovery codes, passkeys): add --yes to confirm.`);
    return 1;
  }
  const result = await deps.administration.resetTwoFactor.execute({ user: userRefOf(who), by: 'operator' });
  switch (result.kind) {
    case 'ok':
      out.log(`Reset the two-factor login of ${result.email} (removed ${removedLine(result.removed)}): their next login asks for the password only.`);
      return 0;
    case 'none':
      out.log(`${result.email} has no second factor: nothing to reset.`);
      return 0;
    case 'invalid-email':
      out.error(`Not a valid email address or user id: ${who}`);
      return 1;
    case 'not-found':
      out.error(/^\d+$/.test(who) ? `No user with id ${who}` : `No user with email ${who}`);
      return 1;
    default:
      return unhandled(result);
  }
}

/** A user id (plain decimal, as the pages' addresses take it) or an email as typed. */
function userRefOf(who: string): UserRef {
  const id = /^[1-9]\d{0,9}$/.test(who) ? Number(who) : null;
  if (id !== null && id <= USER_ID_MAX) return { id };
  return { email: who };
}

/** "authenticator app, 10 recovery codes, 1 passkey": what a reset removed. */
export function removedLine(removed: RemovedSecondFactors): string {
  const parts = [
    removed.totp && 'authenticator app',
    removed.recoveryCodes > 0 && `${removed.recoveryCodes} recovery code${removed.recoveryCodes === 1 ? '' : 's'}`,
    removed.passkeys > 0 && `${removed.passkeys} passkey${removed.passkeys === 1 ? '' : 's'}`,
  ];
  return parts.filter((part): part is string => typeof part === 'string').join(', ');
}
