// Where a page view's time goes: for `GET /` (anonymous, no cookie), `GET /users/profile`
// and `GET /admin` (a live session), the time each middleware of the production app
// spends on the request itself (its own part, not the middleware after it), the
// session store's and the user repository's calls (how many per request, and their
// time), and the template renders (koa-views' lookup and pug), in microseconds per
// request.
//
//   node --import tsx bench/request-budget.ts [--requests 3000] [--rounds 3] [--clock cpu|wall] [--db postgres://…/name] [--redis redis://…] > /dev/null
//
// One process: the app as `npm start` wires it (production, SQLite in a temporary file
// unless --db names a server, sessions in Redis with --redis), listening on a loopback
// port, and one client sending one request at a time over a kept-alive connection, so
// every time measured belongs to the one request in flight. Times are the process's CPU
// time (all threads: the pool thread's fs.stat counts, waiting does not; each reading
// costs a system call, which the first row shows), or with `--clock wall` wall-clock
// time, where a middleware that waits on I/O (the store on a server, koa-views' fs.stat)
// counts its wait. The server's CPU per request under load is `npm run bench`'s
// column; this splits it. The access log goes to stdout: run with `> /dev/null` (the report is on stderr).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import bcrypt from 'bcrypt';
import type { Middleware } from 'koa';
import { loadConfig } from '../src/infrastructure/config.js';
import { createContainer, gatehouseOf } from '../src/infrastructure/container.js';
import { createLogger } from '../src/infrastructure/logging/create-logger.js';
import { resolverOf } from '../src/infrastructure/shared/binding.js';
import { sharedIds } from '../src/infrastructure/shared/shared-ids.js';
import { createBenchDatabase } from './database.js';
import { BENCH_PASSWORD, seedUsers } from './seed.js';
import { logInSession } from './session.js';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '3' },
    db: { type: 'string' },
    redis: { type: 'string' },
    clock: { type: 'string', default: 'cpu' },
  },
});
/**
 * The clock the items are charged by, in ms: the process's CPU time (every thread's,
 * so the thread pool's share of an fs.stat counts, and waiting does not), or wall time.
 */
const now =
  values.clock === 'wall'
    ? () => performance.now()
    : () => {
        const used = process.cpuUsage();
        return (used.user + used.system) / 1000;
      };
const requests = Number(values.requests);
const rounds = Number(values.rounds);

/** Time (ms, summed) and calls of each item, for the page being measured. */
const spent = new Map<string, { ms: number; calls: number }>();
function charge(item: string, ms: number): void {
  const entry = spent.get(item) ?? { ms: 0, calls: 0 };
  entry.ms += ms;
  entry.calls += 1;
  spent.set(item, entry);
}

/**
 * Each middleware's own time: from its call to its promise's end, less the time of the
 * middleware it passed the request to (requests run one at a time, so nothing else runs meanwhile).
 */
function timed(middleware: Middleware, name: string): Middleware {
  return async (ctx, next) => {
    const started = now();
    let inner = 0;
    try {
      await middleware(ctx, async () => {
        const passed = now();
        try {
          return await next();
        } finally {
          inner += now() - passed;
        }
      });
    } finally {
      charge(`middleware ${name}`, now() - started - inner);
    }
  };
}

/** Counts and times every method call of a store the app already holds (patched in place). */
function timeMethods(target: object, label: string): void {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(target); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor' && !name.startsWith('#')) names.add(name);
  }
  for (const name of Object.keys(target)) names.add(name);
  const record = target as Record<string, unknown>;
  for (const name of names) {
    const method = record[name];
    if (typeof method !== 'function') continue;
    record[name] = function (this: unknown, ...args: unknown[]) {
      const started = now();
      const result = (method as (...a: unknown[]) => unknown).apply(this, args);
      const done = () => charge(`${label}.${name}`, now() - started);
      if (result instanceof Promise) return result.finally(done);
      done();
      return result;
    };
  }
}

const database = await createBenchDatabase(values.db ?? null);
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: database.url,
  SESSION_KEYS: randomBytes(32).toString('base64url'),
  SESSION_COOKIE_SECURE: 'false',
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  APP_URL: 'http://127.0.0.1',
  SMTP_URL: `file:${join(mkdtempSync(join(tmpdir(), 'gatehouse-budget-')), 'outbox')}`,
  ...(values.redis && { REDIS_URL: values.redis, REDIS_KEY_PREFIX: `budget-${process.pid}:` }),
});
const container = createContainer(config, createLogger(config.log));
const get = resolverOf(container);
const gatehouse = gatehouseOf(container);
const seedDb = database.open();
const passwordHash = await bcrypt.hash(BENCH_PASSWORD, 10);
const seeded = await seedUsers(seedDb, { total: 1000, accounts: 0, passwordHash });
await seedDb.destroy();

timeMethods(get(sharedIds.sessionStorage), 'session storage');
timeMethods(get(sharedIds.users), 'users');
const app = gatehouse.start();
// koa-views' lookup alone: one fs.stat of a template, as each render makes it.
{
  const { stat } = await import('node:fs');
  const { projectRoot } = await import('../src/infrastructure/project-root.js');
  const file = join(projectRoot(), 'views', 'accounts', 'home.pug');
  const once = () => new Promise<void>((resolve, reject) => stat(file, (error) => (error ? reject(error) : resolve())));
  for (let n = 0; n < 5000; n += 1) await once();
  const before = process.cpuUsage();
  const started = performance.now();
  for (let n = 0; n < 20000; n += 1) await once();
  const wall = ((performance.now() - started) * 1000) / 20000;
  const used = process.cpuUsage(before);
  process.stderr.write(`fs.stat of a template, one at a time: ${wall.toFixed(1)} µs wall, ${((used.user + used.system) / 20000).toFixed(1)} µs CPU (both threads)\n`);
}
/** The production chain (createApp, METRICS off), in order. */
const NAMES = [
  'koa-views (sets ctx.render)',
  'request log',
  'security headers',
  'the request\'s language',
  'error pages',
  'health checks',
  'static assets',
  'no-store',
  'cross-origin protection',
  'session (koa-session and its store)',
  'restore the session user',
  'the saved language',
  // Each feature's middleware, in the features' order (the remembered login, the second-factor policy, admin links…).
  ...get.all(sharedIds.webFeatures)
    .filter((feature) => feature.middleware)
    .map((feature) => `${feature.name}'s middleware`),
  'status pages',
  'form or JSON body',
  'router: gates, controller, render',
  'router: allowed methods',
];
if (app.middleware.length !== NAMES.length) throw new Error(`the app has ${app.middleware.length} middleware, this bench names ${NAMES.length}`);
const passOn: Middleware = (_ctx, next) => next();
app.middleware = [
  timed(passOn, '(a middleware that only passes on: the measuring overhead in each row)'),
  ...app.middleware.map((middleware, index) => timed(middleware, NAMES[index] ?? String(index))),
];
// Each render (koa-views' lookup, its fs.stat, and pug), from the call to its end: koa-views is first.
const [overhead, views, ...rest] = app.middleware;
if (!overhead || !views) throw new Error('the app has no middleware');
app.middleware = [
  overhead,
  (ctx, next) =>
  views(ctx, () => {
    const render = ctx.render;
    ctx.render = (...args: Parameters<typeof render>) => {
      const started = now();
      return render(...args).finally(() => charge('  render (koa-views, pug)', now() - started));
    };
      return next();
    }),
  ...rest,
];
const server = http.createServer(app.callback());
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const member = await logInSession(base, seeded.member, BENCH_PASSWORD);
const admin = await logInSession(base, seeded.admin, BENCH_PASSWORD);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(path: string, cookie: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { agent, headers: cookie ? { cookie } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

const PAGES = [
  { page: 'GET / (anonymous, no cookie)', path: '/', cookie: null },
  { page: 'GET /users/profile', path: '/users/profile', cookie: member },
  { page: 'GET /admin', path: '/admin', cookie: admin },
] as const;

for (const { page, path, cookie } of PAGES) {
  // A warm-up of the same size, untimed, lets V8 optimise the path.
  for (let n = 0; n < requests; n += 1) await request(path, cookie);
  const perRound: Map<string, { ms: number; calls: number }>[] = [];
  let cpu = 0;
  for (let round = 0; round < rounds; round += 1) {
    spent.clear();
    const before = process.cpuUsage();
    for (let n = 0; n < requests; n += 1) {
      const status = await request(path, cookie);
      if (status !== 200) throw new Error(`${page} answered ${status}`);
    }
    const used = process.cpuUsage(before);
    cpu += (used.user + used.system) / requests;
    perRound.push(new Map(spent));
  }
  const items = [...(perRound[0] ?? new Map()).keys()];
  const median = (item: string, pick: (e: { ms: number; calls: number }) => number) => {
    const all = perRound.map((round) => pick(round.get(item) ?? { ms: 0, calls: 0 })).sort((a, b) => a - b);
    return all[Math.floor(all.length / 2)] ?? 0;
  };
  const rows = items.map((item) => ({
    item,
    us: (median(item, (e) => e.ms) * 1000) / requests,
    calls: median(item, (e) => e.calls) / requests,
  }));
  const middlewareTotal = rows.filter((r) => r.item.startsWith('middleware ')).reduce((sum, r) => sum + r.us, 0);
  process.stderr.write(`\n${page}: ${middlewareTotal.toFixed(1)} µs in the middleware (${values.clock === 'wall' ? 'wall' : 'CPU'}, median of ${rounds} rounds of ${requests}); process CPU ${(cpu / rounds).toFixed(0)} µs per request, client included\n`);
  process.stderr.write('| item | µs per request | calls per request |\n| --- | --- | --- |\n');
  for (const { item, us, calls } of rows) process.stderr.write(`| ${item} | ${us.toFixed(1)} | ${calls.toFixed(2)} |\n`);
}

agent.destroy();
await new Promise<void>((resolve) => server.close(() => resolve()));
await Promise.allSettled(gatehouse.resources.map((resource) => resource.close()));
await database.drop();
process.exit(0);
