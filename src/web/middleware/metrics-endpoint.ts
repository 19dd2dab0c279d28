import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type { WebMetrics } from '../shared/request-metrics.js';

/** Where Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/**
 * GET|HEAD /metrics: every series in Prometheus' text format. With a token
 * (METRICS_TOKEN), a scrape without `Authorization: Bearer <token>` gets 401; the
 * comparison takes the same time whatever the token sent. Mounted before the session,
 * like the health checks, so a scrape never reads or sets a session cookie. Mounted
 * only with METRICS=on: otherwise /metrics is an unknown path (404).
 */
export function metricsEndpoint(metrics: WebMetrics): Middleware {
  const expected = metrics.token === null ? null : digest(metrics.token);
  // Not async itself: every other request passes straight on.
  return (ctx, next) => (ctx.path === METRICS_PATH ? answer(ctx, metrics, expected) : next());
}

async function answer(ctx: Context, metrics: WebMetrics, expected: Buffer | null): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.set('Allow', 'GET, HEAD');
    ctx.status = 405;
    ctx.type = 'text/plain';
    ctx.body = 'Method Not Allowed\n';
    return;
  }
  if (expected !== null && !authorized(ctx.get('Authorization'), expected)) {
    ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
    ctx.status = 401;
    ctx.type = 'text/plain';
    ctx.body = 'Unauthorized\n';
    return;
  }
  const scrape = await metrics.requests.scrape();
  ctx.type = scrape.contentType;
  ctx.body = scrape.text;
}

/** Whether the header carries the token: both sides hashed first, so they compare in constant time at any length. */
function authorized(header: string, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const given = digest(match?.[1] ?? '');
  return timingSafeEqual(given, expected) && match !== null;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
