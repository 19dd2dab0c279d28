import { setTimeout as delay } from 'node:timers/promises';
import type { Knex } from 'knex';

/** Knex's bookkeeping tables (the names knexConfig gives it). */
const MIGRATIONS_TABLE = 'knex_migrations';
const LOCK_TABLE = `${MIGRATIONS_TABLE}_lock`;

/** How long a start waits for another process's migrations before giving up. */
export const MIGRATION_LOCK_WAIT_MS = 60_000;
const LOCK_POLL_MS = 200;

/**
 * Knex's option that lets a version start on a database whose migrations include some
 * it does not know: a newer version's, applied before a rolling deploy, which add to
 * the schema without taking from it (docs/operations.md, "Upgrades and rollback").
 */
export const RUNS_ON_A_NEWER_SCHEMA = { disableMigrationsListValidation: true } as const;

/** The command that clears a lock a crashed run left set, as the lock error names it. */
export const UNLOCK_COMMAND = 'npm run cli -- migrate unlock';

/** Timing of the wait for another process's migration lock, for tests. */
export interface MigrationLockWait {
  readonly waitMs: number;
  readonly pollMs: number;
}

/**
 * Applies every pending migration; resolves the names applied (none when another
 * process applied them). Safe when several processes start at once on one database:
 * knex's own lock decides who migrates, and the others wait for it to be released,
 * then find nothing left to do. A lock held longer than `waitMs` (a run that crashed
 * mid-migration leaves it set) fails with a message saying how to clear it. A newer
 * version's migrations in the database do not stop it, when none of its own is missing.
 */
export async function migrateToLatest(
  db: Knex,
  wait: MigrationLockWait = { waitMs: MIGRATION_LOCK_WAIT_MS, pollMs: LOCK_POLL_MS },
): Promise<string[]> {
  await ensureMigrationTables(db);
  const deadline = Date.now() + wait.waitMs;
  for (;;) {
    if (!(await lockIsHeld(db))) {
      const [, pending] = (await db.migrate.list(RUNS_ON_A_NEWER_SCHEMA)) as [unknown[], unknown[]];
      if (pending.length === 0) return [];
      try {
        const [, applied] = (await db.migrate.latest()) as [number, string[]];
        return applied;
      } catch (error) {
        // Another process took the lock between our look and our update: wait for it.
        if (!(error instanceof Error && error.name === 'MigrationLocked')) throw error;
      }
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `migrations are locked by another process (table ${LOCK_TABLE}) and stayed locked for ${wait.waitMs / 1000} s; ` +
          `if no migration is running, a crashed run left the lock set: clear it with "${UNLOCK_COMMAND}"`,
      );
    }
    await delay(wait.pollMs);
  }
}

/**
 * Clears the migration lock; resolves whether it was set. For a lock that a run which
 * crashed mid-migration left behind: clearing it while a migration runs lets a second
 * run start beside it. The lock row keeps its fixed key, which knex's own
 * `forceFreeMigrationsLock` would replace with a new one.
 */
export async function releaseMigrationLock(db: Knex): Promise<boolean> {
  await ensureMigrationTables(db);
  const released = await db(LOCK_TABLE).where({ is_locked: 1 }).update({ is_locked: 0 });
  return released > 0;
}

/**
 * Creates knex's two bookkeeping tables and the lock row, tolerating another process
 * doing the same at the same moment. Knex checks and then creates, so on a fresh
 * database concurrent starts fail with "table already exists", or insert two lock
 * rows, after which nobody can ever take the lock.
 */
export async function ensureMigrationTables(db: Knex): Promise<void> {
  await createTableOnce(db, MIGRATIONS_TABLE, (t) => {
    t.increments();
    t.string('name');
    t.integer('batch');
    t.timestamp('migration_time');
  });
  await createTableOnce(db, LOCK_TABLE, (t) => {
    t.increments('index').primary();
    t.integer('is_locked');
  });
  // A fixed key makes the insert idempotent: one lock row, however many processes race.
  await db(LOCK_TABLE).insert({ index: 1, is_locked: 0 }).onConflict('index').ignore();
  const rows = await db(LOCK_TABLE).count({ count: '*' });
  if (Number(rows[0]?.count) !== 1) {
    throw new Error(`${LOCK_TABLE} must hold exactly one row; delete the extra rows and start again`);
  }
}

async function createTableOnce(db: Knex, name: string, build: (t: Knex.CreateTableBuilder) => void): Promise<void> {
  if (await db.schema.hasTable(name)) return;
  try {
    await db.schema.createTable(name, build);
  } catch (error) {
    if (!(await db.schema.hasTable(name))) throw error;
  }
}

/** Whether a run holds the migration lock, or a crashed one left it set. */
export async function lockIsHeld(db: Knex): Promise<boolean> {
  const row = await db(LOCK_TABLE).first('is_locked');
  return Number(row?.is_locked) === 1;
}
