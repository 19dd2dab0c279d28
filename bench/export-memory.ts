/**
 * The peak memory of "Download my data" for a user with many events: seeds one user
 * with `--events` activity events (and a second user with none) on a fresh database,
 * then runs `npm run cli -- user export` for each in a process of its own, as an
 * operator would, with stdout read and thrown away, and prints one JSON line: the
 * document's size and each process's peak resident memory. The export streams the
 * activity a page at a time, so the two peaks should differ by little.
 *
 *   node --import tsx bench/export-memory.ts [--events 10000] [--db mysql://…|postgres://…]
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createBenchDatabase } from './database.js';

const { values } = parseArgs({
  options: { events: { type: 'string' }, db: { type: 'string' }, source: { type: 'boolean' } },
});
const total = Number(values.events ?? 10_000);
// SQLite writes a multi-row insert as a compound SELECT of at most 500 terms.
const BATCH = 400;
/** Preloaded into the CLI's process: its peak resident memory, on stderr, as it exits. */
const REPORT_PEAK =
  'data:text/javascript,process.on("exit",()=>process.stderr.write(JSON.stringify({maxRssMb:Math.round(process.resourceUsage().maxRSS/1024)})+"\\n"))';
const CLI = values.source ? ['--import', 'tsx', 'src/cli/main.ts'] : ['dist/src/cli/main.js'];
const USER_AGENT = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Runs the CLI's export of `email`; resolves the bytes it wrote and its peak memory. */
function exportOf(url: string, email: string): Promise<{ bytes: number; maxRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', REPORT_PEAK, ...CLI, 'user', 'export', email],
      { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const peak = /\{"maxRssMb":(\d+)\}/.exec(stderr)?.[1];
      if (code !== 0 || peak === undefined) reject(new Error(`user export ${email} exited ${code}: ${stderr}`));
      else resolve({ bytes, maxRssMb: Number(peak) });
    });
  });
}

const database = await createBenchDatabase(values.db ?? null);
const db = database.open();
try {
  const now = Date.now();
  const user = (email: string) => ({ email, password_hash: 'x'.repeat(60), phone: null, admin: false, created_at: new Date(now), updated_at: new Date(now) });
  await db('users').insert([user('busy@example.com'), user('quiet@example.com')]);
  const busy = await db('users').where({ email: 'busy@example.com' }).first('id');
  await db.transaction(async (trx) => {
    for (let at = 0; at < total; at += BATCH) {
      const size = Math.min(BATCH, total - at);
      await trx('audit_events').insert(
        Array.from({ length: size }, (_, n) => ({
          user_id: busy.id,
          type: 'login.succeeded',
          actor_id: null,
          ip: '192.0.2.1',
          user_agent: USER_AGENT,
          request_id: `request-${at + n}`,
          created_at: now - (total - at - n) * 1000,
        })),
      );
    }
  });
  await db.destroy();
  const quiet = await exportOf(database.url, 'quiet@example.com');
  const busyExport = await exportOf(database.url, 'busy@example.com');
  console.log(
    JSON.stringify({
      database: database.client,
      cli: values.source ? 'tsx (npm run cli)' : 'built',
      events: total,
      documentMb: Number((busyExport.bytes / 1024 / 1024).toFixed(1)),
      peakRssMbNoEvents: quiet.maxRssMb,
      peakRssMbWithEvents: busyExport.maxRssMb,
    }),
  );
} finally {
  await db.destroy();
  await database.drop();
}
