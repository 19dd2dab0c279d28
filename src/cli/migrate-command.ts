import { unhandled } from '../application/shared/unhandled.js';
import type { MigrateDownResult } from '../infrastructure/persistence/migrate-down.js';
import type { MigrationStatus } from '../infrastructure/persistence/migration-status.js';
import type { CliOutput } from './cli-output.js';

/** What the migrate commands need: the composition root's Gatehouse in real use. */
export interface MigrateCommandDependencies {
  migrate(): Promise<string[]>;
  /** Resolves whether the lock was set. */
  releaseMigrationLock(): Promise<boolean>;
  migrationStatus(): Promise<MigrationStatus>;
  migrateDown(): Promise<MigrateDownResult>;
}

/** The migrate commands' lines of the usage text. */
export const MIGRATE_USAGE = [
  '  migrate                  apply pending database migrations',
  '  migrate status           list the migrations, applied and pending, and whether they are locked',
  '  migrate down --yes       roll back the newest migration (one step), dropping what it added',
  '  migrate unlock           clear the migration lock a crashed run left set',
];

const LOCKED = 'the migrations are locked by another run (if none is running, "migrate unlock" clears the lock a crashed one left)';

/** Runs `migrate [status|down|unlock]`; resolves the exit code, or null for other arguments. */
export async function runMigrateCommand(
  args: readonly string[],
  deps: MigrateCommandDependencies,
  out: CliOutput,
): Promise<number | null> {
  const [command, action, ...rest] = args;
  if (command !== 'migrate') return null;
  if (action === undefined) {
    const applied = await deps.migrate();
    out.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Already up to date.');
    return 0;
  }
  if (action === 'unlock' && rest.length === 0) {
    const released = await deps.releaseMigrationLock();
    out.log(released ? 'Released the migration lock.' : 'The migrations were not locked.');
    return 0;
  }
  if (action === 'status' && rest.length === 0) {
    for (const line of statusLines(await deps.migrationStatus())) out.log(line);
    return 0;
  }
  if (action === 'down' && rest.length <= 1 && rest.every((flag) => flag === '--yes')) {
    return rest.length === 1 ? rollBack(deps, out) : askToConfirm(deps, out);
  }
  return null;
}

function statusLines(status: MigrationStatus): string[] {
  const lines = [
    ...status.applied.map((name) => `applied  ${name}`),
    ...status.pending.map((name) => `pending  ${name}`),
    ...status.newer.map((name) => `newer    ${name} (applied by a newer version, which this one runs without)`),
  ];
  const newer = status.newer.length ? `, ${status.newer.length} from a newer version` : '';
  lines.push(`${status.applied.length} applied, ${status.pending.length} pending${newer}.`);
  if (status.locked) lines.push(`Locked: ${LOCKED}.`);
  return lines;
}

/** `migrate down` without `--yes`: names what it would undo, and changes nothing. */
async function askToConfirm(deps: MigrateCommandDependencies, out: CliOutput): Promise<number> {
  const newest = (await deps.migrationStatus()).applied.at(-1);
  if (newest === undefined) {
    out.log('No migration is applied: nothing to roll back.');
    return 0;
  }
  out.error(`This rolls back ${newest} and drops what it added, with its data: add --yes to confirm.`);
  return 1;
}

async function rollBack(deps: MigrateCommandDependencies, out: CliOutput): Promise<number> {
  const result = await deps.migrateDown();
  switch (result.kind) {
    case 'rolled-back':
      out.log(`Rolled back ${result.name}.`);
      return 0;
    case 'nothing-applied':
      out.log('No migration is applied: nothing to roll back.');
      return 0;
    case 'irreversible':
      out.error(`Cannot roll back ${result.name}: ${result.reason}. Nothing was changed.`);
      return 1;
    case 'newer-applied':
      out.error(
        `Cannot roll back: ${result.names.join(', ')} came from a newer version, whose own "migrate down" ` +
          'undoes them. Nothing was changed.',
      );
      return 1;
    case 'locked':
      out.error(`Cannot roll back: ${LOCKED}. Nothing was changed.`);
      return 1;
    default:
      return unhandled(result);
  }
}
