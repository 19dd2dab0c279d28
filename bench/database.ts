import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { migrateToLatest, openDatabase } from '../src/infrastructure/persistence/database.js';
import { type DatabaseUrl, parseDatabaseUrl, type ServerAddress } from '../src/infrastructure/persistence/database-url.js';

/** A fresh, migrated database for one run, and how to get rid of it. */
export interface BenchDatabase {
  /** Which database it is: `sqlite`, `mysql` or `postgres`. */
  readonly client: DatabaseUrl['client'];
  /** The DATABASE_URL the server is started with. */
  readonly url: string;
  /** Opens a connection pool on it (the harness's own, for seeding). */
  open(): Knex;
  /** Deletes the SQLite file or drops the server database. */
  drop(): Promise<void>;
}

/** How to create and drop a database on each server, through a connection to the server itself. */
const SERVERS = {
  mysql: {
    connect: ({ host, port, user, password }: ServerAddress) =>
      knex({ client: 'mysql2', connection: { host, port, user, password }, pool: { min: 0, max: 1 } }),
    create: 'CREATE DATABASE ?? CHARACTER SET utf8mb4',
    drop: 'DROP DATABASE IF EXISTS ??',
  },
  postgres: {
    // The server's own database (the URL's) is where CREATE DATABASE runs.
    connect: ({ host, port, user, password, database }: ServerAddress) =>
      knex({ client: 'pg', connection: { host, port, user, password, database }, pool: { min: 0, max: 1 } }),
    create: "CREATE DATABASE ?? TEMPLATE template0 ENCODING 'UTF8'",
    drop: 'DROP DATABASE IF EXISTS ?? WITH (FORCE)',
  },
} as const;

/**
 * A new SQLite file in a temporary folder, or, given `mysql://…/name` or
 * `postgres://…/name`, a new database `name_bench_<random>` on that server, so a run
 * never touches real data.
 */
export async function createBenchDatabase(serverUrl: string | null): Promise<BenchDatabase> {
  if (serverUrl === null) {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
    return fresh(`sqlite:${join(dir, 'bench.sqlite')}`, async () => rmSync(dir, { recursive: true, force: true }));
  }
  const base = parseDatabaseUrl(serverUrl);
  if (typeof base === 'string' || base.client === 'sqlite') throw new Error(`--db: ${String(base)}`);
  const server = SERVERS[base.client];
  const name = `${base.database}_bench_${randomBytes(4).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = server.connect(base);
    try {
      await admin.raw(sql, [name]);
    } finally {
      await admin.destroy();
    }
  };
  await run(server.create);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return fresh(url.toString(), () => run(server.drop));
}

async function fresh(url: string, drop: () => Promise<void>): Promise<BenchDatabase> {
  const parsed = parseDatabaseUrl(url);
  if (typeof parsed === 'string') throw new Error(`bench database: ${parsed}`);
  const open = () => openDatabase({ url: parsed, poolMax: 4 });
  const db = open();
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return { client: parsed.client, url, open, drop };
}
