import type { Knex } from 'knex';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { createTestMysqlDatabase, mysqlAnswers, type TestMysqlDatabase } from './mysql.js';
import { requireServer } from './servers.js';

/**
 * Gives the enclosing `describe` a migrated MySQL database of its own, created before
 * its tests and dropped after (required under CI, skipped with a notice elsewhere).
 * Returns the connection pool, available once the suite's `before` hook has run.
 */
export function useMigratedMysqlDatabase(poolMax = 10): () => Knex {
  let database: TestMysqlDatabase | undefined;
  let db: Knex | undefined;
  before(async function () {
    await requireServer(this, 'MySQL', mysqlAnswers);
    database = await createTestMysqlDatabase();
    db = openDatabase({ url: database.parsed, poolMax });
    await migrateToLatest(db);
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return () => {
    if (!db) throw new Error('the MySQL test database is not open');
    return db;
  };
}
