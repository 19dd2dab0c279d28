import { expect } from 'chai';
import type { Knex } from 'knex';
import { KnexSessionStorage } from '../../../src/infrastructure/shared/sessions/knex-session-storage.js';

const MINUTE = 60_000;

/** The migration before the one under test: its sessions table is what a running app has. */
const BEFORE = '20261124000000-account-lifecycle';
const UNDER_TEST = '20261125000000-session-devices';

/** A database of its own with no tables yet, and how to remove it. */
export interface EmptyDatabase {
  readonly db: Knex;
  drop(): Promise<void>;
}

async function applied(db: Knex): Promise<string[]> {
  const [done] = (await db.migrate.list()) as [({ name: string } | string)[], unknown[]];
  return done.map((migration) => (typeof migration === 'string' ? migration : migration.name));
}

/**
 * The `20261125000000-session-devices` migration on a database that has sessions: each
 * stored session gets a random handle of its own, so it can be listed and logged out.
 */
export function backfillsHandles(open: () => Promise<EmptyDatabase>): void {
  it('gives every stored session a random handle of its own, and leaves what was not kept unknown', async () => {
    const { db, drop } = await open();
    try {
      while (!(await applied(db)).includes(BEFORE)) await db.migrate.up();
      const now = Date.now();
      const rows = [1, 1, null].map((userId, n) => ({
        id: `stored-before-${n}`,
        user_id: userId,
        data: '{}',
        expires_at: now + 10 * MINUTE,
        absolute_expires_at: now + 60 * MINUTE,
      }));
      await db('sessions').insert(rows);

      await db.migrate.up();

      expect(await applied(db)).to.include(UNDER_TEST);
      const stored: { user_id: number | null; handle: string }[] = await db('sessions').select(
        'user_id',
        'handle',
        'user_agent',
        'ip',
        'created_at',
        'last_seen_at',
      );
      const handles = stored.map((row) => row.handle);
      for (const handle of handles) expect(handle).to.match(/^[0-9a-f]{32}$/);
      expect(new Set(handles).size).to.equal(3);
      for (const row of stored) {
        expect(row).to.deep.include({ user_agent: null, ip: null, created_at: null, last_seen_at: null });
      }
      const listed = await new KnexSessionStorage(db).listOfUser(1, now);
      const ofUser = stored.filter((row) => row.user_id !== null).map((row) => row.handle);
      expect(listed.map((device) => device.handle)).to.have.members(ofUser);

      await db.migrate.down();
      expect(await db.schema.hasColumn('sessions', 'handle')).to.equal(false);
    } finally {
      await db.destroy();
      await drop();
    }
  });
}
