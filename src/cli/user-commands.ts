import { parseArgs } from 'node:util';
import type { ExportPersonalData } from '../application/accounts/export-personal-data.js';
import type { Administration } from '../application/administration/administration.js';
import type { ListUsers } from '../application/administration/list-users.js';
import { type CliOutput, writeAll } from './cli-output.js';
import { refuse } from './refusals.js';
import { sessionCount, userCountLine, userDetailLines, userListLine } from './user-lines.js';

/**
 * What the user commands need: the administration's use cases, as the pages run them.
 * Each records its act as the pages' do, with no administrator as actor: the user's
 * activity says "by an operator (command line)".
 */
export interface UserCommandDependencies {
  readonly listUsers: ListUsers;
  readonly administration: Administration;
  /** `user export`: the owner's "Download my data", recorded as an operator's act. */
  readonly exportPersonalData: ExportPersonalData;
}

/** The user commands' lines of the usage text. */
export const USER_USAGE = [
  '  user list [--admins] [--search s]  list the users (administrators only; addresses containing s)',
  '  user show <email>        show the state of the user with this email',
  '  user lock <email>        keep the user from logging in, and end their sessions',
  '  user unlock <email>      let a locked user log in again',
  '  user delete <email> --yes  delete the user, their links and sessions, for good',
  '  user export <email>      write everything stored about the user to stdout (JSON, gatehouse-export/1)',
  '  sessions revoke <email>  log the user out everywhere',
  '  sessions revoke-all --yes  log every user out and forget every remembered device',
];

/**
 * Whether the command writes a document to stdout (`user export`), which the log lines
 * must then stay out of: `> ada.json` holds the document alone.
 */
export function printsDocument(args: readonly string[]): boolean {
  return args[0] === 'user' && args[1] === 'export';
}

/**
 * Runs `user list|show|lock|unlock|delete|export` and `sessions revoke|revoke-all`; resolves the exit
 * code, or null when the arguments are none of these (the caller prints the usage).
 */
export async function runUserCommand(
  args: readonly string[],
  deps: UserCommandDependencies,
  out: CliOutput,
): Promise<number | null> {
  const [command, action, ...rest] = args;
  if (command === 'user' && action === 'list') return listUsers(rest, deps, out);
  if (command === 'sessions' && action === 'revoke-all') return revokeAll(rest, deps, out);
  const [email, ...extra] = rest;
  if (email === undefined || email.startsWith('--')) return null;
  const user = { email };
  const { administration } = deps;
  if (command === 'sessions' && action === 'revoke' && extra.length === 0) {
    const result = await administration.revokeUserSessions.execute({ user });
    if (result.kind !== 'ok') return refuse(result, email, out);
    return done(out, `Logged ${result.email} out everywhere: ${sessionCount(result.sessionsEnded)} ended.`);
  }
  if (command !== 'user') return null;
  if (action === 'show' && extra.length === 0) {
    const result = await administration.getUserDetails.execute({ user });
    if (result.kind !== 'ok') return refuse(result, email, out);
    for (const line of userDetailLines(result.user)) out.log(line);
    return 0;
  }
  if (action === 'lock' && extra.length === 0) {
    const result = await administration.lockUser.execute({ user });
    if (result.kind !== 'ok') return refuse(result, email, out);
    const what = result.changed ? 'is now locked' : 'was already locked';
    return done(out, `${result.email} ${what}: ${sessionCount(result.sessionsEnded)} ended.`);
  }
  if (action === 'unlock' && extra.length === 0) {
    const result = await administration.unlockUser.execute({ user });
    if (result.kind !== 'ok') return refuse(result, email, out);
    return done(out, `${result.email} ${result.changed ? 'is now unlocked' : 'was not locked'}.`);
  }
  if (action === 'export' && extra.length === 0) {
    const result = await deps.exportPersonalData.execute({ user });
    if (result.kind !== 'ok') return refuse(result, email, out);
    await writeAll(out, result.document);
    return 0;
  }
  if (action === 'delete' && extra.length <= 1 && extra.every((flag) => flag === '--yes')) {
    if (extra.length === 0) {
      out.error(`This deletes ${email} for good: add --yes to confirm.`);
      return 1;
    }
    const result = await administration.deleteUser.execute({ user });
    if (result.kind !== 'ok') return refuse(result, email, out);
    return done(out, `Deleted the account of ${result.email}, its links and its sessions.`);
  }
  return null;
}

/** `user list [--admins] [--search s]`: every page, so that the output can be piped. */
async function listUsers(options: readonly string[], deps: UserCommandDependencies, out: CliOutput): Promise<number | null> {
  let values: { admins?: boolean; search?: string };
  try {
    ({ values } = parseArgs({
      args: [...options],
      options: { admins: { type: 'boolean' }, search: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch {
    return null;
  }
  const asked = { query: values.search ?? '', match: 'substring', filter: values.admins ? 'admins' : null } as const;
  let after: { afterId: number | null; afterEmail: string | null } = { afterId: null, afterEmail: null };
  for (let first = true; ; first = false) {
    const page = await deps.listUsers.execute({ ...asked, ...after });
    if (page.kind === 'query-too-long') {
      out.error('A search can be at most 254 characters long: no email address is longer.');
      return 1;
    }
    if (first) out.log(userCountLine(page.total));
    for (const user of page.users) out.log(userListLine(user));
    if (page.nextAfterId === null && page.nextAfterEmail === null) return 0;
    after = { afterId: page.nextAfterId, afterEmail: page.nextAfterEmail };
  }
}

/** `sessions revoke-all --yes`: without `--yes`, one line of what it would do, exit code 1. */
async function revokeAll(flags: readonly string[], deps: UserCommandDependencies, out: CliOutput): Promise<number | null> {
  if (flags.length > 1 || flags.some((flag) => flag !== '--yes')) return null;
  if (flags.length === 0) {
    out.error('This logs every user out and forgets every remembered device: add --yes to confirm.');
    return 1;
  }
  const result = await deps.administration.revokeAllSessions.execute();
  const devices = `${result.devicesForgotten} remembered ${result.devicesForgotten === 1 ? 'device' : 'devices'}`;
  return done(out, `Logged every user out: ${sessionCount(result.sessionsEnded)} ended, ${devices} forgotten.`);
}

/** One line of what was done; exit code 0. */
function done(out: CliOutput, line: string): number {
  out.log(line);
  return 0;
}
