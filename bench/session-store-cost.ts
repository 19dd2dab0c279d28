// The cost of keeping sessions on the server: requests per second of an
// authenticated page (GET /users/profile) with the session in the Knex store
// (SQLite), in Redis, and in the signed cookie alone, measured in one run, one
// variant after the other in this process, on the production wiring.
//
//   npx tsx bench/session-store-cost.ts [seconds per run, default 10] [connections, default 10] [rounds, default 3]
//
// The variants take turns for `rounds` rounds, so a machine whose load drifts
// affects them alike; each line reports the variant's median round.
//
// Needs Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379); its keys get a
// prefix of this run's own and are deleted at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { loadConfig } from '../src/infrastructure/config.js';
import { createContainer } from '../src/infrastructure/container.js';
import { resolverOf } from '../src/infrastructure/shared/binding.js';
import { sharedIds } from '../src/infrastructure/shared/shared-ids.js';
import { type HttpServer, startHttpServer } from '../src/infrastructure/http-server.js';
import { migrateToLatest } from '../src/infrastructure/persistence/database.js';
import { projectRoot } from '../src/infrastructure/project-root.js';
import { createApp } from '../src/web/app.js';
import { silentLogger } from '../src/web/shared/logger.js';
import { connectTestRedis, deleteRedisKeys, TEST_REDIS_URL } from '../test/support/redis.js';
import { drive, type LoadResult } from './load.js';
import { formHeaders, loginBody, logInSession } from './session.js';

type Variant = 'knex (SQLite)' | 'redis' | 'cookie only';

const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);
const rounds = Number(process.argv[4] ?? 3);
const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-session-cost-'));
const prefix = `gatehouse_bench_${randomBytes(6).toString('hex')}:`;

/** Starts the production wiring on a fresh SQLite file, with the session kept as `variant` says. */
async function start(variant: Variant): Promise<{ server: HttpServer; close: () => Promise<void> }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    SESSION_KEYS: randomBytes(32).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SESSION_COOKIE_SECURE: 'false',
    APP_URL: 'http://127.0.0.1',
    SMTP_URL: `file:${join(scratch, 'outbox')}`,
    // A fresh database for every run.
    DATABASE_URL: `sqlite:${join(scratch, `${randomBytes(6).toString('hex')}.sqlite`)}`,
    ...(variant === 'redis' && { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix }),
  });
  const get = resolverOf(createContainer(config, silentLogger));
  const db: Knex = get(sharedIds.database);
  await migrateToLatest(db);
  const app = createApp(
    {
      sessionKeys: config.session.keys,
      production: true,
      viewsDir: join(projectRoot(), 'views'),
      securityEvents: get(sharedIds.securityEvents),
      translations: get(sharedIds.translations),
      ...(variant !== 'cookie only' && {
        sessionStore: get(sharedIds.sessionStore),
        sessionMaxAgeMs: config.sessionLifetime.absoluteMs,
      }),
    },
    get.all(sharedIds.webFeatures),
  );
  const server = await startHttpServer(app.callback(), { host: '127.0.0.1', port: 0 });
  return {
    server,
    close: async () => {
      await server.close(1000);
      await db.destroy();
      if (variant === 'redis') await get(sharedIds.redis).quitIfOpened();
    },
  };
}

async function measure(variant: Variant): Promise<LoadResult> {
  const { server, close } = await start(variant);
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const email = `${variant.replace(/\W+/g, '-')}@bench.test`;
    const password = 'a long measuring password';
    const signUp = await fetch(`${base}/signup`, {
      method: 'POST',
      headers: formHeaders(base),
      body: loginBody(email, password),
      redirect: 'manual',
    });
    if (signUp.headers.get('location') !== '/users/profile') throw new Error(`sign-up failed: ${signUp.status}`);
    const cookie = await logInSession(base, email, password);
    const spec = { url: `${base}/users/profile`, connections, headers: { cookie } };
    await drive({ ...spec, seconds: 1, amount: 500 });
    return await drive({ ...spec, seconds });
  } finally {
    await close();
  }
}

const variants: readonly Variant[] = ['cookie only', 'knex (SQLite)', 'redis'];
const runs = new Map<Variant, LoadResult[]>(variants.map((variant) => [variant, []]));
try {
  for (let round = 0; round < rounds; round += 1) {
    for (const variant of variants) runs.get(variant)?.push(await measure(variant));
  }
} finally {
  const redis = connectTestRedis();
  await redis.connect();
  await deleteRedisKeys(redis, prefix);
  redis.disconnect();
  rmSync(scratch, { recursive: true, force: true });
}

const median = (list: LoadResult[]) =>
  [...list].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(list.length / 2)] as LoadResult;
const results = variants.map((variant) => [variant, median(runs.get(variant) ?? [])] as const);
const baseline = results[0]?.[1].perSecond ?? 1;
console.log(
  `GET /users/profile, logged in, ${connections} connections, ${seconds} s a run, median of ${rounds} (node ${process.version})`,
);
for (const [variant, list] of runs) console.log(`  ${variant}: ${list.map((r) => r.perSecond.toFixed(0)).join(', ')} req/s`);
console.log('session kept in     req/s    p50 ms  p99 ms  failures  vs cookie only');
for (const [variant, result] of results) {
  const ratio = `${((result.perSecond / baseline) * 100).toFixed(0)} %`;
  console.log(
    `${variant.padEnd(18)}${result.perSecond.toFixed(0).padStart(7)}${result.p50Ms.toFixed(1).padStart(10)}${result.p99Ms
      .toFixed(1)
      .padStart(8)}${String(result.failures).padStart(10)}  ${ratio.padStart(13)}`,
  );
}
