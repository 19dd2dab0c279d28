import { expect } from 'chai';
import type { Knex } from 'knex';
import { parseDatabaseUrl } from '../../../src/infrastructure/persistence/database-url.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { releaseMigrationLock } from '../../../src/infrastructure/persistence/migrate-to-latest.js';
import { migrationSource } from '../../../src/infrastructure/persistence/migrations/index.js';
import { requireServer } from '../../support/servers.js';
import { SQL_SERVERS, type TestDatabase } from '../../support/sql-servers.js';

const PROCESSES = 6;

/** Opens `count` separate pools on one database, as separate processes would. */
function pools(url: string, count: number): Knex[] {
  const parsed = parseDatabaseUrl(url);
  if (typeof parsed === 'string') throw new Error(parsed);
  return Array.from({ length: count }, () => openDatabase({ url: parsed, poolMax: 2 }));
}

async function expectMigratedOnce(db: Knex): Promise<void> {
  const all = (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));
  const rows: { name: string }[] = await db('knex_migrations').select('name').orderBy('id');
  expect(rows.map((row) => row.name)).to.deep.equal(all);
  expect(await db('knex_migrations_lock').select('is_locked')).to.deep.equal([{ is_locked: 0 }]);
  expect(await db.schema.hasTable('users')).to.equal(true);
}

async function migrateConcurrently(dbs: Knex[]): Promise<string[][]> {
  return Promise.all(dbs.map((db) => migrateToLatest(db)));
}

describe('migrations started by several processes at once', () => {
  // SQLite's case runs real processes (test/process/migrate-command.test.ts): better-sqlite3
  // is synchronous, so pools sharing one thread would wait on each other's locks.
  for (const server of SQL_SERVERS) {
    describe(`on ${server.name}`, () => {
      let database: TestDatabase | undefined;
      let dbs: Knex[] = [];

      before(async function () {
        await requireServer(this, server.name, server.answers);
        database = await server.createDatabase();
        dbs = pools(database.url, PROCESSES);
      });

      after(async () => {
        await Promise.all(dbs.map((db) => db.destroy()));
        await database?.drop();
      });

      it('all succeed on a fresh database, and each migration runs exactly once', async () => {
        const applied = await migrateConcurrently(dbs);

        expect(applied.filter((names) => names.length > 0)).to.have.length(1);
        await expectMigratedOnce(dbs[0] as Knex);
      });

      it('names the unlock command when a crashed run left the lock set, and runs again once it is released', async () => {
        const [db] = dbs as [Knex];
        await db('knex_migrations_lock').update({ is_locked: 1 });

        const failure = await migrateToLatest(db, { waitMs: 0, pollMs: 1 }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(String(failure)).to.include('clear it with "npm run cli -- migrate unlock"');

        expect(await releaseMigrationLock(db)).to.equal(true);
        expect(await releaseMigrationLock(db)).to.equal(false);
        expect(await migrateToLatest(db)).to.deep.equal([]);
        await expectMigratedOnce(db);
      });
    });
  }
});
