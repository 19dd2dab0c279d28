import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { KnexSessionStorage, PURGE_BATCH_ROWS } from '../../../src/infrastructure/shared/sessions/knex-session-storage.js';
import { newSessionId } from '../../../src/web/shared/session-id.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { RedisSessionStorage } from '../../../src/infrastructure/shared/sessions/redis-session-storage.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { deleteRedisKeys, uniqueRedisPrefix, useTestRedis } from '../../support/redis.js';
import { requireServer } from '../../support/servers.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { sessionStorageContract } from './session-storage.contract.js';
import { redisUserIndex } from './redis-user-sessions.js';
import { backfillsHandles } from './session-devices-migration.js';

const MINUTE = 60_000;

/** The Knex adapter deletes expired rows, through the expires_at index. */
function purgesExpiredRows(db: () => Knex): void {
  it('deletes expired rows and only those', async () => {
    const storage = new KnexSessionStorage(db());
    const now = Date.now();
    for (const minutes of [1, 2, 30]) {
      await storage.insert(newSessionId(), {
        data: {},
        userId: null,
        expiresAt: now + minutes * MINUTE,
        absoluteExpiresAt: now + 60 * MINUTE,
        device: null,
      });
    }
    expect(await storage.purgeExpired(now + 5 * MINUTE)).to.equal(2);
    // pg counts in a bigint, which it returns as a string.
    const remaining = await db()('sessions').count({ n: '*' }).first();
    expect(Number(remaining?.n)).to.equal(1);
  });

  it('deletes more expired rows than one batch holds, and counts them all', async () => {
    const now = Date.now();
    const expired = 2 * PURGE_BATCH_ROWS + 7;
    const rows = Array.from({ length: expired + 3 }, (_, n) => ({
      id: newSessionId(),
      user_id: null,
      data: '{}',
      expires_at: n < expired ? now - MINUTE : now + MINUTE,
      absolute_expires_at: now + 60 * MINUTE,
    }));
    // Small chunks: SQLite binds at most 32,766 values in one statement.
    for (let at = 0; at < rows.length; at += 500) await db()('sessions').insert(rows.slice(at, at + 500));
    expect(await new KnexSessionStorage(db()).purgeExpired(now)).to.equal(expired);
    const remaining = await db()('sessions').count({ n: '*' }).first();
    expect(Number(remaining?.n)).to.equal(3);
  });
}

describe('SessionStorage contract', () => {
  describe('MemorySessionStorage', () => {
    sessionStorageContract(async () => ({ storage: new MemorySessionStorage(), close: async () => {} }));
  });

  describe('KnexSessionStorage on SQLite', () => {
    let db: Knex;
    beforeEach(async () => {
      db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
    });
    afterEach(() => db.destroy());

    sessionStorageContract(async () => ({ storage: new KnexSessionStorage(db), close: async () => {} }));
    purgesExpiredRows(() => db);
  });

  describe('KnexSessionStorage on an SQLite file', () => {
    let dir: string;
    let file: string;
    let db: Knex;
    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'gatehouse-purge-'));
      file = join(dir, 'sessions.sqlite');
      db = openDatabase({ url: { client: 'sqlite', filename: file }, poolMax: 1 });
      await migrateToLatest(db);
    });
    afterEach(async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps the write-ahead log to about one batch while it purges, so no statement copies a long log at once', async () => {
      const now = Date.now();
      const rows = Array.from({ length: 20 * PURGE_BATCH_ROWS }, () => ({
        id: newSessionId(),
        user_id: null,
        data: '{}',
        expires_at: now - MINUTE,
        absolute_expires_at: now + MINUTE,
      }));
      for (let at = 0; at < rows.length; at += 500) await db('sessions').insert(rows.slice(at, at + 500));
      await db.raw('PRAGMA wal_checkpoint(TRUNCATE)');

      expect(await new KnexSessionStorage(db).purgeExpired(now)).to.equal(rows.length);
      // Left alone, twenty batches grow the log past SQLite's 1,000-page (4 MB) mark.
      expect(statSync(`${file}-wal`).size).to.be.below(1024 * 1024);
    });
  });

  describe('the session-devices migration on SQLite', () => {
    backfillsHandles(async () => ({
      db: openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 }),
      drop: async () => {},
    }));
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexSessionStorage on ${server.name}`, () => {
      const db = useMigratedDatabase(server, 5);
      beforeEach(async () => {
        await db()('sessions').truncate();
      });

      sessionStorageContract(async () => ({ storage: new KnexSessionStorage(db()), close: async () => {} }));
      purgesExpiredRows(db);
    });

    describe(`the session-devices migration on ${server.name}`, () => {
      before(async function () {
        await requireServer(this, server.name, server.answers);
      });
      backfillsHandles(async () => {
        const database = await server.createDatabase();
        return { db: openDatabase({ url: database.parsed, poolMax: 2 }), drop: () => database.drop() };
      });
    });
  }

  describe('RedisSessionStorage', () => {
    const prefix = uniqueRedisPrefix();
    const redis = useTestRedis(prefix);

    sessionStorageContract(async () => {
      await deleteRedisKeys(redis(), prefix);
      return { storage: new RedisSessionStorage(redis(), prefix), close: async () => {} };
    });

    it('lets Redis expire a session key by itself, a grace minute after the app would', async () => {
      const id = newSessionId();
      const now = Date.now();
      await new RedisSessionStorage(redis(), prefix).insert(id, {
        data: {},
        userId: 3,
        expiresAt: now + MINUTE,
        absoluteExpiresAt: now + 10 * MINUTE,
        device: null,
      });
      const ttl = await redis().pttl(`${prefix}sess:${id}`);
      expect(ttl).to.be.within(MINUTE, 2 * MINUTE + 1000);
    });

    it('ends every session with the per-user indexes, and none under a prefix its pattern would match unescaped', async () => {
      await deleteRedisKeys(redis(), prefix);
      const storage = new RedisSessionStorage(redis(), `${prefix}a*[b]:`);
      const neighbour = new RedisSessionStorage(redis(), `${prefix}aXb:`);
      const now = Date.now();
      const session = { data: {}, userId: 3, expiresAt: now + MINUTE, absoluteExpiresAt: now + 10 * MINUTE, device: null };
      await storage.insert(newSessionId(), session);
      await storage.insert(newSessionId(), { ...session, userId: null });
      const kept = newSessionId();
      await neighbour.insert(kept, session);

      expect(await storage.destroyAll()).to.equal(2);

      const left = await redis().keys(`${prefix}*`);
      expect(left.sort()).to.deep.equal([`${prefix}aXb:sess:${kept}`, `${prefix}aXb:user-sessions:3`]);
      expect(await neighbour.find(kept, now)).to.not.equal(null);
    });

    redisUserIndex(redis, prefix);
  });
});
