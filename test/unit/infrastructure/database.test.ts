import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { knexConfig, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { parseDatabaseUrl } from '../../../src/infrastructure/persistence/database-url.js';

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
