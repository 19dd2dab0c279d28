import type { Knex } from 'knex';
import { ensureMigrationTables, lockIsHeld, RUNS_ON_A_NEWER_SCHEMA } from './migrate-to-latest.js';
import { type Migration, migrationSource } from './migrations/index.js';

/** Where a database stands against the migrations this version knows (`migrate status`). */
export interface MigrationStatus {
  /** Migrations of this version that are applied, oldest first. */
  readonly applied: readonly string[];
  /** Migrations of this version not applied yet, oldest first: what `migrate` would apply. */
  readonly pending: readonly string[];
  /** Applied migrations this version does not know: a newer version applied them. */
  readonly newer: readonly string[];
  /** Whether a run holds the migration lock (or a crashed one left it set). */
  readonly locked: boolean;
}

/** Reads the migration table through knex's public `migrate.list`; changes nothing but knex's own tables. */
export async function migrationStatus(
  db: Knex,
  source: Knex.MigrationSource<Migration> = migrationSource,
): Promise<MigrationStatus> {
  await ensureMigrationTables(db);
  const [completed] = (await db.migrate.list({ ...RUNS_ON_A_NEWER_SCHEMA, migrationSource: source })) as [
    { name: string }[],
    unknown[],
  ];
  const done = new Set(completed.map((row) => row.name));
  const known = (await source.getMigrations([])).map((migration) => source.getMigrationName(migration));
  return {
    applied: known.filter((name) => done.has(name)),
    pending: known.filter((name) => !done.has(name)),
    newer: completed.map((row) => row.name).filter((name) => !known.includes(name)),
    locked: await lockIsHeld(db),
  };
}
