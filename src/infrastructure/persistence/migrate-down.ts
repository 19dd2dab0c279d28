import type { Knex } from 'knex';
import { type Migration, migrationSource } from './migrations/index.js';
import { migrationStatus } from './migration-status.js';

/** What `migrate down` did. */
export type MigrateDownResult =
  | { kind: 'rolled-back'; name: string }
  | { kind: 'nothing-applied' }
  /** The newest applied migration cannot be undone; nothing changed. */
  | { kind: 'irreversible'; name: string; reason: string }
  /** A newer version applied migrations this one does not know: only that version can undo them; nothing changed. */
  | { kind: 'newer-applied'; names: readonly string[] }
  /** Another run holds the migration lock; nothing changed. */
  | { kind: 'locked' };

/**
 * Undoes the newest applied migration, one step, through knex's public `migrate.down`,
 * which runs it in a transaction under the migration lock. Refuses, changing nothing,
 * when that migration cannot go down, when a newer version's migrations are applied
 * (knex would skip past them to an older one), or while the lock is held.
 */
export async function migrateDown(
  db: Knex,
  source: Knex.MigrationSource<Migration> = migrationSource,
): Promise<MigrateDownResult> {
  const status = await migrationStatus(db, source);
  if (status.locked) return { kind: 'locked' };
  if (status.newer.length > 0) return { kind: 'newer-applied', names: status.newer };
  const newest = status.applied.at(-1);
  if (newest === undefined) return { kind: 'nothing-applied' };
  const migration = (await source.getMigrations([])).find((candidate) => source.getMigrationName(candidate) === newest);
  if (migration && 'irreversible' in migration) return { kind: 'irreversible', name: newest, reason: migration.irreversible };
  const [, undone] = (await db.migrate.down({ migrationSource: source })) as [number, string[]];
  return { kind: 'rolled-back', name: undone[0] ?? newest };
}
