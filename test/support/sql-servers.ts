import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';
import type { DatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';
import { parseDatabaseUrl } from '../../src/infrastructure/persistence/database-url.js';

/** A server database's URL, as `parseDatabaseUrl` gives it for that client. */
type ServerUrl<Client extends 'mysql' | 'postgres'> = Extract<DatabaseUrl, { client: Client }>;

/** A database of its own on a test server, for one suite. */
export interface TestDatabase<Url extends DatabaseUrl = DatabaseUrl> {
  /** The URL of the database, for DATABASE_URL. */
  readonly url: string;
  readonly parsed: Url;
  /** Drops the database. */
  drop(): Promise<void>;
}

/**
 * A database server the suites run on besides SQLite. Its suites are required when CI
 * is set and skipped with a notice elsewhere (`requireServer`).
 */
export interface TestSqlServer<Url extends DatabaseUrl = DatabaseUrl> {
  /** The name a notice or a suite title gives it. */
  readonly name: string;
  /** True when the server answers. */
  answers(): Promise<boolean>;
  /** Creates `gatehouse_test_<random>`, and says how to drop it. */
  createDatabase(): Promise<TestDatabase<Url>>;
}

/** What differs between the servers: where they are, and their SQL for a database. */
interface ServerSpec<Client extends 'mysql' | 'postgres'> {
  readonly name: string;
  readonly client: Client;
  /** The variable that overrides `defaultUrl`. */
  readonly urlVariable: string;
  readonly defaultUrl: string;
  /** The connection of a pool that creates and drops the suites' databases. */
  readonly admin: (url: ServerUrl<Client>) => Knex.Config;
  readonly createSql: string;
  readonly dropSql: string;
}

function testSqlServer<Client extends 'mysql' | 'postgres'>(spec: ServerSpec<Client>): TestSqlServer<ServerUrl<Client>> {
  const serverUrl = process.env[spec.urlVariable] ?? spec.defaultUrl;
  const parse = (raw: string): ServerUrl<Client> => {
    const url = parseDatabaseUrl(raw);
    if (typeof url === 'string' || url.client !== spec.client) throw new Error(`${spec.urlVariable}: ${String(url)}`);
    return url as ServerUrl<Client>;
  };
  /** Runs one statement on a pool of one, closed after. */
  const onServer = async (sql: string, bindings: readonly string[] = []): Promise<void> => {
    const db = knex(spec.admin(parse(serverUrl)));
    try {
      await db.raw(sql, bindings);
    } finally {
      await db.destroy();
    }
  };
  return {
    name: spec.name,
    answers: () => onServer('select 1').then(
      () => true,
      () => false,
    ),
    async createDatabase() {
      const name = `gatehouse_test_${randomBytes(6).toString('hex')}`;
      await onServer(spec.createSql, [name]);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { url: url.toString(), parsed: parse(url.toString()), drop: () => onServer(spec.dropSql, [name]) };
    },
  };
}

/** MariaDB at 127.0.0.1:3306 (TEST_MYSQL_URL). */
export const MYSQL = testSqlServer({
  name: 'MySQL',
  client: 'mysql',
  urlVariable: 'TEST_MYSQL_URL',
  defaultUrl: 'mysql://root@127.0.0.1:3306/mysql',
  admin: ({ host, port, user, password }) => ({
    client: 'mysql2',
    connection: { host, port, user, password, connectTimeout: 2000 },
    pool: { min: 0, max: 1 },
  }),
  createSql: 'create database ?? character set utf8mb4 collate utf8mb4_unicode_ci',
  dropSql: 'drop database if exists ??',
});

/** PostgreSQL at 127.0.0.1:5432 (TEST_POSTGRES_URL). */
export const POSTGRES = testSqlServer({
  name: 'PostgreSQL',
  client: 'postgres',
  urlVariable: 'TEST_POSTGRES_URL',
  defaultUrl: 'postgres://postgres@127.0.0.1:5432/test',
  // The server's own database (`test`) is where others are created and dropped.
  admin: ({ host, port, user, password, database }) => ({
    client: 'pg',
    connection: { host, port, user, password, database, connectionTimeoutMillis: 2000 },
    pool: { min: 0, max: 1 },
  }),
  createSql: "create database ?? template template0 encoding 'UTF8'",
  // `with (force)` ends the sessions a killed app process may have left behind.
  dropSql: 'drop database if exists ?? with (force)',
});

/** Every server database: each Knex adapter's contract suite runs on all of them. */
export const SQL_SERVERS: readonly TestSqlServer[] = [MYSQL, POSTGRES];
