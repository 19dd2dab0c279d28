import type { DatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';
import { createTestMysqlDatabase, mysqlAnswers } from './mysql.js';
import { createTestPostgresDatabase, postgresAnswers } from './postgres.js';

/** A database of its own on a test server, for one suite. */
export interface TestDatabase {
  /** The URL of the database, for DATABASE_URL. */
  readonly url: string;
  readonly parsed: DatabaseUrl;
  /** Drops the database. */
  drop(): Promise<void>;
}

/**
 * A database server the suites run on besides SQLite. Its suites are required when CI
 * is set and skipped with a notice elsewhere (`requireServer`).
 */
export interface TestSqlServer {
  /** The name a notice or a suite title gives it. */
  readonly name: string;
  /** True when the server answers. */
  answers(): Promise<boolean>;
  /** Creates a database of its own, with a random name, and says how to drop it. */
  createDatabase(): Promise<TestDatabase>;
}

/** MariaDB at 127.0.0.1:3306 (TEST_MYSQL_URL). */
export const MYSQL: TestSqlServer = { name: 'MySQL', answers: mysqlAnswers, createDatabase: createTestMysqlDatabase };

/** PostgreSQL at 127.0.0.1:5432 (TEST_POSTGRES_URL). */
export const POSTGRES: TestSqlServer = {
  name: 'PostgreSQL',
  answers: postgresAnswers,
  createDatabase: createTestPostgresDatabase,
};

/** Every server database: each Knex adapter's contract suite runs on all of them. */
export const SQL_SERVERS: readonly TestSqlServer[] = [MYSQL, POSTGRES];
