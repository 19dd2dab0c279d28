import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex, { type Knex } from 'knex';
import { migrateToLatest, openDatabase } from '../src/infrastructure/persistence/database.js';
import { parseDatabaseUrl } from '../src/infrastructure/persistence/database-url.js';

/** A fresh, migrated database for one run, and how to get rid of it. */
export interface BenchDatabase {
  /** The DATABASE_URL the server is started with. */
  readonly url: string;
  /** Opens a connection pool on it (the harness's own, for seeding). */
  open(): Knex;
  /** Deletes the SQLite file or drops the MySQL database. */
  drop(): Promise<void>;
}

/**
 * A new SQLite file in a temporary folder, or, given `mysql://…/name`, a new MySQL
 * database `name_bench_<random>` on that server, so a run never touches real data.
 */
export async function createBenchDatabase(mysqlUrl: string | null): Promise<BenchDatabase> {
  if (mysqlUrl === null) {
    const dir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-'));
    return fresh(`sqlite:${join(dir, 'bench.sqlite')}`, async () => rmSync(dir, { recursive: true, force: true }));
  }
  const base = parseDatabaseUrl(mysqlUrl);
  if (typeof base === 'string' || base.client !== 'mysql') throw new Error(`--db: ${base}`);
  const name = `${base.database}_bench_${randomBytes(4).toString('hex')}`;
  const connection = { host: base.host, port: base.port, user: base.user, password: base.password };
  const server = knex({ client: 'mysql2', connection });
  try {
    await server.raw('CREATE DATABASE ?? CHARACTER SET utf8mb4', [name]);
  } finally {
    await server.destroy();
  }
  const url = new URL(mysqlUrl);
  url.pathname = `/${name}`;
  return fresh(url.toString(), async () => {
    const admin = knex({ client: 'mysql2', connection });
    try {
      await admin.raw('DROP DATABASE IF EXISTS ??', [name]);
    } finally {
      await admin.destroy();
    }
  });
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
  return { url, open, drop };
}
