import type { Knex } from 'knex';
import type { databaseClientOf } from '../../persistence/database.js';

/** Rows one purge statement deletes at most: a few milliseconds of work on SQLite. */
export const PURGE_BATCH_ROWS = 250;

/**
 * Deletes the sessions expired at `now` through the expires_at index, in batches of
 * `PURGE_BATCH_ROWS`, letting the event loop run between them: on SQLite each statement
 * runs on the main thread, and on a server one statement over a million rows would
 * outlast the statement time limit and hold its locks throughout. Resolves how many.
 *
 * On SQLite each batch is also copied from the write-ahead log into the database file
 * before the next (a passive checkpoint, in a turn of the event loop of its own). Left
 * to SQLite, the log would grow to its 1,000-page mark every few batches, and the
 * statement that crossed it would copy all of them at once, holding the event loop
 * several times as long as a batch.
 */
export async function purgeExpiredSessions(
  db: Knex,
  client: ReturnType<typeof databaseClientOf>,
  now: number,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await purgeBatch(db, client, now);
    purged += deleted;
    if (deleted < PURGE_BATCH_ROWS) return purged;
    await nextTurn();
    if (client === 'sqlite') {
      await db.raw('PRAGMA wal_checkpoint(PASSIVE)');
      await nextTurn();
    }
  }
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

function purgeBatch(db: Knex, client: ReturnType<typeof databaseClientOf>, now: number): Promise<number> {
  const expired = db('sessions').where('expires_at', '<=', now);
  // MySQL takes a LIMIT on DELETE but not in an IN subquery; PostgreSQL the reverse.
  // SQLite picks the rows by rowid, which it finds without a second index look-up.
  if (client === 'mysql') return expired.limit(PURGE_BATCH_ROWS).delete();
  const key = client === 'sqlite' ? 'rowid' : 'id';
  return db('sessions')
    .whereIn(key, expired.select(key).limit(PURGE_BATCH_ROWS))
    .delete();
}
