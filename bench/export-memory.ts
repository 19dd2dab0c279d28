/**
 * The peak memory of "Download my data" for a user with many events. On a fresh
 * database (SQLite unless `--db`), one user with `--events` activity events and one
 * with none, then:
 *
 * - the CLI's `user export` of each, each in a process of its own, as an operator runs
 *   it, its stdout read and thrown away: the process's peak resident memory;
 * - the production server (as `npm start` runs it, with its heap flags): the busy
 *   user's download of `/account/data`, after the password, read and thrown away; the
 *   server's peak resident memory (VmHWM) before and after it.
 *
 * It prints one JSON line. The export streams the activity a page at a time, so the
 * peaks with and without events should differ by little. The CLI runs as built
 * (`npm run build` first: `node dist/src/cli/main.js`), or with `--source` as
 * `npm run cli` runs it (tsx, which compiles the sources in the process).
 *
 *   npm run build && node --import tsx bench/export-memory.ts [--events 10000] [--source] [--db mysql://…|postgres://…]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createBenchDatabase } from './database.js';
import { startServer } from './processes.js';
import { formHeaders } from './session.js';
import { productionNodeFlags } from './start-command.js';

const { values } = parseArgs({
  options: { events: { type: 'string' }, db: { type: 'string' }, source: { type: 'boolean' } },
});
const total = Number(values.events ?? 10_000);
// SQLite writes a multi-row insert as a compound SELECT of at most 500 terms.
const BATCH = 400;
const PASSWORD = 'export-bench-password';
/** Preloaded into the CLI's process: its peak resident memory, on stderr, as it exits. */
const REPORT_PEAK =
  'data:text/javascript,process.on("exit",()=>process.stderr.write(JSON.stringify({maxRssMb:Math.round(process.resourceUsage().maxRSS/1024)})+"\\n"))';
const CLI = values.source ? ['--import', 'tsx', 'src/cli/main.ts'] : ['dist/src/cli/main.js'];
const USER_AGENT = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** Runs the CLI's export of `email`; resolves the bytes it wrote and its peak memory. */
function cliExport(url: string, email: string): Promise<{ bytes: number; maxRssMb: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', REPORT_PEAK, ...CLI, 'user', 'export', email], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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

/** Signs `email` up on the server; resolves the session's Cookie header. */
async function signUp(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/signup`, {
    method: 'POST',
    headers: formHeaders(baseUrl),
    body: new URLSearchParams({ email, password: PASSWORD }).toString(),
    redirect: 'manual',
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`sign-up of ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Downloads /account/data with the password; resolves the bytes read, thrown away as they come. */
async function download(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/account/data`, {
    method: 'POST',
    headers: { ...formHeaders(baseUrl), cookie, 'user-agent': USER_AGENT },
    body: new URLSearchParams({ sudoPassword: PASSWORD }).toString(),
    redirect: 'manual',
  });
  if (!response.headers.get('content-disposition')?.startsWith('attachment') || !response.body) {
    throw new Error(`/account/data answered ${response.status} with no file`);
  }
  const reader = response.body.getReader();
  let bytes = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
  return bytes;
}

/** Seeds `count` events of the user with this email, a transaction of batches. */
async function seedEvents(db: ReturnType<Awaited<ReturnType<typeof createBenchDatabase>>['open']>, email: string, count: number) {
  const { id } = await db('users').where({ email }).first('id');
  const now = Date.now();
  await db.transaction(async (trx) => {
    for (let at = 0; at < count; at += BATCH) {
      const size = Math.min(BATCH, count - at);
      await trx('audit_events').insert(
        Array.from({ length: size }, (_, n) => ({
          user_id: id,
          type: 'login.succeeded',
          actor_id: null,
          ip: '192.0.2.1',
          user_agent: USER_AGENT,
          request_id: `request-${at + n}`,
          created_at: now - (count - at - n) * 1000,
        })),
      );
    }
  });
}

const root = process.cwd();
const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-export-bench-'));
const database = await createBenchDatabase(values.db ?? null);
const server = await startServer({
  args: [...productionNodeFlags(root), 'dist/src/main.js'],
  env: {
    NODE_ENV: 'production',
    SESSION_COOKIE_SECURE: 'false',
    SESSION_KEYS: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    DATABASE_URL: database.url,
    APP_URL: 'http://127.0.0.1',
    SMTP_URL: `file:${join(scratch, 'outbox')}`,
  },
  cwd: root,
  logFile: join(scratch, 'server.log'),
});
const db = database.open();
try {
  const cookie = await signUp(server.baseUrl, 'busy@example.com');
  await signUp(server.baseUrl, 'quiet@example.com');
  await seedEvents(db, 'busy@example.com', total);
  const serverBefore = server.peakRssMb();
  const servedBytes = await download(server.baseUrl, cookie);
  const serverAfter = server.peakRssMb();
  await server.stop();
  const quiet = await cliExport(database.url, 'quiet@example.com');
  const busy = await cliExport(database.url, 'busy@example.com');
  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  const round = (value: number | null) => (value === null ? null : Math.round(value));
  console.log(
    JSON.stringify({
      database: database.client,
      events: total,
      documentMb: mb(busy.bytes),
      servedMb: mb(servedBytes),
      serverPeakRssMbBeforeDownload: round(serverBefore),
      serverPeakRssMbAfterDownload: round(serverAfter),
      cli: values.source ? 'tsx (npm run cli)' : 'built',
      cliPeakRssMbNoEvents: quiet.maxRssMb,
      cliPeakRssMbWithEvents: busy.maxRssMb,
    }),
  );
} finally {
  await server.stop();
  await db.destroy();
  await database.drop();
  rmSync(scratch, { recursive: true, force: true });
}
