// The cost METRICS=on adds to each request: the middleware that times a request and
// counts it by method, route and status (measureRequests on the production wiring's
// metrics), against a middleware that only passes the request on, in one process.
//
//   npx tsx bench/metrics-cost.ts [requests per round, default 1000000] [rounds, default 5]
//
// The two take turns for `rounds` rounds; the line reports the median round's
// difference, in microseconds per request. A request here is a context object with the
// fields the middleware reads (method, path, status, the router's matched pattern),
// spread over a few routes and statuses as a site's traffic is.
import type { Context, Middleware } from 'koa';
import { loadConfig } from '../src/infrastructure/config.js';
import { createContainer } from '../src/infrastructure/container.js';
import { metricsIds } from '../src/infrastructure/metrics/metrics-ids.js';
import { resolverOf } from '../src/infrastructure/shared/binding.js';
import { measureRequests } from '../src/web/middleware/request-metrics.js';
import { silentLogger } from '../src/web/shared/logger.js';

const perRound = Number(process.argv[2] ?? 1_000_000);
const rounds = Number(process.argv[3] ?? 5);

const config = loadConfig({ METRICS: 'on', SESSION_KEYS: 'bench-session-key', DATABASE_URL: 'sqlite::memory:' });
const web = resolverOf(createContainer(config, silentLogger, 'memory'))(metricsIds.web);

const REQUESTS = [
  { method: 'GET', path: '/', routerPath: '/', status: 200 },
  { method: 'GET', path: '/users/profile', routerPath: '/users/profile', status: 200 },
  { method: 'GET', path: '/users/42', routerPath: '/users/:id', status: 200 },
  { method: 'POST', path: '/login', routerPath: '/login', status: 302 },
  { method: 'GET', path: '/assets/site.css', status: 304 },
  { method: 'GET', path: '/no/such/page', status: 404 },
] as const;
const contexts = REQUESTS.map((request) => ({ ...request }) as unknown as Context);
const next = () => Promise.resolve();

async function run(middleware: Middleware): Promise<number> {
  const started = performance.now();
  for (let n = 0; n < perRound; n += 1) await middleware(contexts[n % contexts.length] as Context, next);
  return performance.now() - started;
}

const passOn: Middleware = (_ctx, pass) => pass();
const measured = measureRequests(web.requests);
const differences: number[] = [];
// A first round of each, untimed, lets V8 optimise both.
await run(passOn);
await run(measured);
for (let round = 0; round < rounds; round += 1) {
  const base = await run(passOn);
  const withMetrics = await run(measured);
  differences.push(((withMetrics - base) * 1000) / perRound);
}
differences.sort((a, b) => a - b);
const median = differences[Math.floor(differences.length / 2)] ?? NaN;
console.log(`measureRequests: ${median.toFixed(2)} µs per request (median of ${rounds} rounds of ${perRound}; all: ${differences.map((d) => d.toFixed(2)).join(', ')})`);
const scrapeStarted = performance.now();
const scrape = await web.requests.scrape();
const scrapeMs = performance.now() - scrapeStarted;
console.log(`one scrape of this process: ${scrape.text.length} bytes in ${scrapeMs.toFixed(1)} ms`);
