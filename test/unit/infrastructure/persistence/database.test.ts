import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { knexConfig, migrateToLatest, openDatabase } from '../../../../src/infrastructure/persistence/database.js';
import { parseDatabaseUrl } from '../../../../src/infrastructure/persistence/database-url.js';

describe('knexConfig', () => {
  it('sizes the MySQL pool from DATABASE_POOL_MAX and reads dates as UTC', () => {
    const url = parseDatabaseUrl('mysql://app:secret@db.internal:3307/gatehouse');
    if (typeof url === 'string') throw new Error(url);
    const config = knexConfig({ url, poolMax: 3 });
    expect(config.client).to.equal('mysql2');
    expect(config.pool?.max).to.equal(3);
    expect(config.connection).to.include({ host: 'db.internal', port: 3307, user: 'app', database: 'gatehouse' });
    expect(config.connection).to.include({ timezone: 'Z', charset: 'utf8mb4' });
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_MAX, and lets the server end a statement before the client would', () => {
    const url = parseDatabaseUrl('postgres://app:secret@db.internal:5433/gatehouse');
    if (typeof url === 'string') throw new Error(url);
    const config = knexConfig({ url, poolMax: 3 });
    expect(config.client).to.equal('pg');
    expect(config.pool?.max).to.equal(3);
    expect(config.connection).to.include({ host: 'db.internal', port: 5433, user: 'app', database: 'gatehouse' });
    // The statement timeout is below the 6 s silence limit, and idle connections leave the pool before it.
    expect(config.connection).to.include({ statement_timeout: 5000 });
    expect(config.pool?.idleTimeoutMillis).to.equal(3000);
    expect(config.connection).to.have.property('stream').that.is.a('function');
  });
});

describe('openDatabase on SQLite', () => {
  it('opens a file in WAL mode with synchronous=NORMAL, waits on locks and enforces foreign keys', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'gatehouse-db-'));
    const db = openDatabase({ url: { client: 'sqlite', filename: join(folder, 'app.sqlite') }, poolMax: 1 });
    try {
      const pragma = async (name: string) => Object.values(((await db.raw(`pragma ${name}`)) as object[])[0] ?? {})[0];
      expect(await pragma('journal_mode')).to.equal('wal');
      // 1 is NORMAL (2, FULL, fsyncs on every commit).
      expect(await pragma('synchronous')).to.equal(1);
      expect(await pragma('busy_timeout')).to.equal(5000);
      expect(await pragma('foreign_keys')).to.equal(1);
    } finally {
      await db.destroy();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('migrateToLatest', () => {
  it('creates no account: a fresh database has no default user and no administrator', async () => {
    const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
    try {
      await migrateToLatest(db);
      expect(await db('users').count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    } finally {
      await db.destroy();
    }
  });
});
