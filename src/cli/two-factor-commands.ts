import type { RekeyTotpSecrets } from '../application/two-factor/rekey-totp-secrets.js';
import type { CliOutput } from './cli-output.js';

/** What the two-factor commands need; a function, so the data key is read only by a command that uses it. */
export interface TwoFactorCommandDependencies {
  readonly rekeyTotpSecrets: () => RekeyTotpSecrets;
}

/** The usage lines of the two-factor commands. */
export const TWO_FACTOR_USAGE = [
  '  two-factor rekey         seal every TOTP secret with the newest DATA_ENCRYPTION_KEY (then drop the old key)',
];

/**
 * Runs `two-factor rekey`; resolves its exit code, or null for another command. Exits 1
 * when some secret no configured key opens: dropping a key now would lose nothing more,
 * but those users must set their app up again (or the lost key be put back).
 */
export async function runTwoFactorCommand(
  args: readonly string[],
  deps: TwoFactorCommandDependencies,
  out: CliOutput,
): Promise<number | null> {
  if (args.length !== 2 || args[0] !== 'two-factor' || args[1] !== 'rekey') return null;
  const { resealed, current, unreadable } = await deps.rekeyTotpSecrets().execute();
  out.log(`Sealed ${resealed} TOTP secret(s) again with the newest key; ${current} already were.`);
  if (unreadable.length === 0) return 0;
  out.error(
    `${unreadable.length} TOTP secret(s) open with no configured key (user ids ${unreadable.join(', ')}): ` +
      'put the missing key back in DATA_ENCRYPTION_KEY, or those users must set up their authenticator app again.',
  );
  return 1;
}
