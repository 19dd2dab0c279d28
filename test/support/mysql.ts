import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import type { DatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';
import { parseDatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';

/** The test server: MariaDB on this machine and in CI, overridable with TEST_MYSQL_URL. */
const SERVER_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/mysql';

/** A database of its own on the MySQL test server, for one suite. */
export interface TestMysqlDatabase {
  /** `mysql://…` URL of the database, for DATABASE_URL. */
  readonly url: string;
  readonly parsed: Extract<DatabaseUrl, { client: 'mysql' }>;
  /** Drops the database. */
  drop(): Promise<void>;
}

function serverConnection(): Knex {
  const url = parseDatabaseUrl(SERVER_URL);
  if (typeof url === 'string' || url.client !== 'mysql') throw new Error(`TEST_MYSQL_URL: ${url}`);
  return knex({
    client: 'mysql2',
    connection: { host: url.host, port: url.port, user: url.user, password: url.password, connectTimeout: 2000 },
    pool: { min: 0, max: 1 },
  });
}

/** True when the MySQL test server answers. */
export async function mysqlAnswers(): Promise<boolean> {
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
export async function createTestMysqlDatabase(): Promise<TestMysqlDatabase> {
  const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
  const server = serverConnection();
  try {
    await server.raw('create database ?? character set utf8mb4 collate utf8mb4_unicode_ci', [name]);
  } finally {
    await server.destroy();
  }
  const base = new URL(SERVER_URL);
  base.pathname = `/${name}`;
  const parsed = parseDatabaseUrl(base.toString());
  if (typeof parsed === 'string' || parsed.client !== 'mysql') throw new Error(parsed.toString());
  return {
    url: base.toString(),
    parsed,
    async drop() {
      const db = serverConnection();
      try {
        await db.raw('drop database if exists ??', [name]);
      } finally {
        await db.destroy();
      }
    },
  };
}
