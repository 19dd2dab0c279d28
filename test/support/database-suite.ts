import type { Knex } from 'knex';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { requireServer } from './servers.js';
import type { TestDatabase, TestSqlServer } from './sql-servers.js';

/**
 * Gives the enclosing `describe` a migrated database of its own on `server`, created
 * before its tests and dropped after (required under CI, skipped with a notice
 * elsewhere). Returns the connection pool, available once the suite's `before` hook
 * has run.
 */
export function useMigratedDatabase(server: TestSqlServer, poolMax = 10): () => Knex {
  let database: TestDatabase | undefined;
  let db: Knex | undefined;
  before(async function () {
    await requireServer(this, server.name, server.answers);
    database = await server.createDatabase();
    db = openDatabase({ url: database.parsed, poolMax });
    await migrateToLatest(db);
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return () => {
    if (!db) throw new Error(`the ${server.name} test database is not open`);
    return db;
  };
}
