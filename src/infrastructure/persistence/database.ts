import { mkdirSync } from 'node:fs';
import type { Socket } from 'node:net';
import { dirname } from 'node:path';
import type { Database as SqliteDatabase } from 'better-sqlite3';
import knex, { type Knex } from 'knex';
import type { DatabaseUrl } from './database-url.js';
import { migrationSource } from './migrations/index.js';
import { endWhenSilent, postgresSocket, SILENCE_LIMIT_MS } from './server-sockets.js';
import { registerSqliteStatements, SqliteStatements } from './sqlite-statements.js';

/** Options for opening the database. */
export interface DatabaseOptions {
  readonly url: DatabaseUrl;
  readonly poolMax: number;
}

/**
 * Knex configuration for a database URL; also used by knexfile.ts for the knex CLI.
 * On SQLite, `statements` (when given) receives the pool's connection as it is made.
 */
export function knexConfig(options: DatabaseOptions, statements?: SqliteStatements): Knex.Config {
  const migrations = { migrationSource, tableName: 'knex_migrations' };
  const { url } = options;
  const shared = {
    // Which database this is, for the queries that differ (`databaseClientOf`).
    userParams: { client: url.client },
    // Failed statements keep their `?` placeholders in error messages: values (hashes) never reach a log.
    compileSqlOnError: false,
    // Notices about errors that reach the caller anyway (and are logged there), or that
    // migrateToLatest handles itself (a busy lock): printed here they are only noise.
    log: {
      warn(message: string) {
        if (!isHandledNotice(message)) console.warn(message);
      },
    },
  };
  if (url.client === 'sqlite') {
    return {
      ...shared,
      client: 'better-sqlite3',
      connection: { filename: url.filename },
      useNullAsDefault: true,
      migrations,
      pool: {
        // One connection: SQLite serialises writers anyway, and `:memory:` is per connection.
        min: 1,
        max: 1,
        afterCreate(connection: SqliteDatabase, done: (error: Error | null) => void) {
          connection.pragma('journal_mode = WAL');
          // In WAL mode a commit need not wait for the disk (SQLite's advice): a crashed
          // process loses nothing and the file never corrupts; only a power cut or an OS
          // crash can roll back the last commits (docs/operations.md, "On SQLite"). FULL,
          // the default, would make every commit wait for fsync on the event loop.
          connection.pragma('synchronous = NORMAL');
          connection.pragma('busy_timeout = 5000');
          connection.pragma('foreign_keys = ON');
          statements?.adopt(connection);
          done(null);
        },
      },
    };
  }
  if (url.client === 'postgres') {
    return {
      ...shared,
      client: 'pg',
      connection: {
        host: url.host,
        port: url.port,
        user: url.user,
        password: url.password,
        database: url.database,
        application_name: 'gatehouse',
        // The server cancels a statement that runs this long itself (SQLSTATE 57014), before
        // the silence limit would end the connection: the connection stays usable, and a
        // statement stuck behind a lock leaves the lock queue at once.
        statement_timeout: POSTGRES_STATEMENT_TIMEOUT_MS,
        // pg's own connectionTimeoutMillis and query_timeout are not used: they fail with
        // errors that carry no code, and query_timeout leaves the connection waiting for the
        // answer. The silence limit covers the connection attempt and every query instead.
        stream: postgresSocket,
      },
      pool: serverPool(options),
      acquireConnectionTimeout: 10_000,
      migrations,
    };
  }
  return {
    ...shared,
    client: 'mysql2',
    connection: {
      host: url.host,
      port: url.port,
      user: url.user,
      password: url.password,
      database: url.database,
      charset: 'utf8mb4',
      // Dates are written and read as UTC whatever the server's time zone.
      timezone: 'Z',
      connectTimeout: 5000,
    },
    pool: {
      ...serverPool(options),
      afterCreate(connection: { stream: Socket }, done: (error: Error | null, connection: unknown) => void) {
        endWhenSilent(connection.stream);
        done(null, connection);
      },
    },
    acquireConnectionTimeout: 10_000,
    migrations,
  };
}

/** The pool of a database server (MySQL, PostgreSQL). */
function serverPool(options: DatabaseOptions): Knex.PoolConfig {
  return {
    min: 0,
    max: options.poolMax,
    // Idle connections leave the pool well before the silence limit can end them.
    idleTimeoutMillis: SILENCE_LIMIT_MS / 2,
  };
}

/** PostgreSQL's own limit on one statement: below the silence limit, so the server acts first. */
const POSTGRES_STATEMENT_TIMEOUT_MS = 5000;

const HANDLED_NOTICES = [
  /^Can't take lock to run migrations/,
  /you can release the lock manually/,
  /^Acquire connection error/,
];
function isHandledNotice(message: string): boolean {
  return HANDLED_NOTICES.some((pattern) => pattern.test(message));
}

/** Which database a pool talks to; in a file of its own so that a migration can ask too. */
export { databaseClientOf } from './database-client.js';

/** Opens a connection pool; creates the folder of an SQLite file when missing. */
export function openDatabase(options: DatabaseOptions): Knex {
  const { url } = options;
  if (url.client === 'sqlite' && url.filename !== ':memory:') {
    mkdirSync(dirname(url.filename), { recursive: true });
  }
  if (url.client !== 'sqlite') return knex(knexConfig(options));
  const statements = new SqliteStatements();
  const db = knex(knexConfig(options, statements));
  registerSqliteStatements(db, statements);
  return db;
}

/** Applies pending migrations, safely when several processes start at once. */
export { migrateToLatest } from './migrate-to-latest.js';
