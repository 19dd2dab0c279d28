import type { Administration } from '../application/administration/administration.js';
import type { CliOutput } from './cli-output.js';
import { refuse } from './refusals.js';

/** What `admin grant|revoke` needs: the use case the pages' grant-admin and revoke-admin run. */
export interface AdminCommandDependencies {
  readonly administration: Pick<Administration, 'setUserAdmin'>;
}

/** The admin commands' lines of the usage text. */
export const ADMIN_USAGE = [
  '  admin grant <email>      make the user with this email an administrator',
  '  admin revoke <email>     take the administrator flag away',
];

/**
 * Runs `admin grant|revoke <email>`; resolves the exit code, or null for other
 * arguments. As on the pages, the only administrator who can log in keeps the flag:
 * revoking it exits 1 with one line. The use case records the act, with no
 * administrator as actor.
 */
export async function runAdminCommand(
  args: readonly string[],
  deps: AdminCommandDependencies,
  out: CliOutput,
): Promise<number | null> {
  const [command, action, email, ...rest] = args;
  if (command !== 'admin' || (action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) return null;
  const result = await deps.administration.setUserAdmin.execute({ user: { email }, admin: action === 'grant' });
  if (result.kind !== 'ok') return refuse(result, email, out);
  const what = result.admin ? 'an administrator' : 'not an administrator';
  out.log(`${result.email} is ${result.changed ? 'now' : 'already'} ${what}.`);
  return 0;
}
