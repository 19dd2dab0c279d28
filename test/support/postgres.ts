import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import type { DatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';
import { parseDatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';
import type { TestDatabase } from './sql-servers.js';

/** The test server: PostgreSQL on this machine and in CI, overridable with TEST_POSTGRES_URL. */
const SERVER_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A database of its own on the PostgreSQL test server, for one suite. */
export interface TestPostgresDatabase extends TestDatabase {
  readonly parsed: Extract<DatabaseUrl, { client: 'postgres' }>;
}

/** A pool of one on the server's own database (`test`), for creating and dropping others. */
function serverConnection(): Knex {
  const url = parseDatabaseUrl(SERVER_URL);
  if (typeof url === 'string' || url.client !== 'postgres') throw new Error(`TEST_POSTGRES_URL: ${url}`);
  const { host, port, user, password, database } = url;
  return knex({
    client: 'pg',
    connection: { host, port, user, password, database, connectionTimeoutMillis: 2000 },
    pool: { min: 0, max: 1 },
  });
}

/** True when the PostgreSQL test server answers. */
export async function postgresAnswers(): Promise<boolean> {
  const db = serverConnection();
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await db.destroy();
  }
}

/** Creates `gatehouse_test_<random>` and returns its URL and a way to drop it. */
export async function createTestPostgresDatabase(): Promise<TestPostgresDatabase> {
  const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  const server = serverConnection();
  try {
    await server.raw("create database ?? template template0 encoding 'UTF8'", [name]);
  } finally {
    await server.destroy();
  }
  const base = new URL(SERVER_URL);
  base.pathname = `/${name}`;
  const parsed = parseDatabaseUrl(base.toString());
  if (typeof parsed === 'string' || parsed.client !== 'postgres') throw new Error(parsed.toString());
  return {
    url: base.toString(),
    parsed,
    async drop() {
      const db = serverConnection();
      try {
        // `with (force)` ends the sessions a killed app process may have left behind.
        await db.raw('drop database if exists ?? with (force)', [name]);
      } finally {
        await db.destroy();
      }
    },
  };
}
