/**
 * How long purging expired sessions holds the event loop: seeds `--sessions` expired
 * sessions (and a few live ones) on a fresh database, then runs the app's purge while
 * `perf_hooks.monitorEventLoopDelay` watches, and prints one JSON line.
 *
 *   node --import tsx bench/purge-sessions.ts [--sessions 1000000] [--db mysql://…|postgres://…]
 */
import { randomBytes } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { KnexSessionStorage } from '../src/infrastructure/shared/sessions/knex-session-storage.js';
import { createBenchDatabase } from './database.js';

const { values } = parseArgs({ options: { sessions: { type: 'string' }, db: { type: 'string' } } });
const total = Number(values.sessions ?? 1_000_000);
const LIVE = 10;
// SQLite writes a multi-row insert as a compound SELECT of at most 500 terms.
const BATCH = 400;

const database = await createBenchDatabase(values.db ?? null);
const db = database.open();
try {
  const now = Date.now();
  const seedStarted = performance.now();
  const row = (expiresAt: number) => ({
    id: randomBytes(32).toString('base64url'),
    user_id: null,
    data: '{"flash":{}}',
    expires_at: expiresAt,
    absolute_expires_at: expiresAt + 60_000,
  });
  await db.transaction(async (trx) => {
    for (let at = 0; at < total; at += BATCH) {
      const size = Math.min(BATCH, total - at);
      await trx('sessions').insert(Array.from({ length: size }, () => row(now - 60_000)));
    }
    await trx('sessions').insert(Array.from({ length: LIVE }, () => row(now + 3_600_000)));
  });
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  const purged = await new KnexSessionStorage(db).purgeExpired(now);
  const seconds = (performance.now() - started) / 1000;
  delay.disable();
  const remaining = Number((await db('sessions').count({ n: '*' }).first())?.n);
  if (purged !== total || remaining !== LIVE) throw new Error(`purged ${purged} of ${total}; ${remaining} left`);
  console.log(
    JSON.stringify({
      database: database.client,
      sessions: total,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      purgeSeconds: Number(seconds.toFixed(2)),
      eventLoopDelayMaxMs: Number((delay.max / 1e6).toFixed(1)),
      eventLoopDelayP99Ms: Number((delay.percentile(99) / 1e6).toFixed(1)),
    }),
  );
} finally {
  await db.destroy();
  await database.drop();
}
