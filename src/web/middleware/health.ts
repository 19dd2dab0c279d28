import type { Context, Middleware } from 'koa';
import type { ReadinessCheck } from '../../application/shared/ports/readiness-check.js';

/** How long /readyz waits for each dependency before calling it down. */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * GET|HEAD /healthz (the process is alive: no I/O) and /readyz (every dependency
 * answers within READINESS_TIMEOUT_MS, else 503). Mounted before the session, so a
 * probe never reads or sets a session cookie; cheap, unauthenticated, never cached.
 */
export function health(checks: readonly ReadinessCheck[]): Middleware {
  // Not async itself: every other request passes straight on, without one more promise.
  return (ctx, next) => (ctx.path === '/healthz' || ctx.path === '/readyz' ? answer(ctx, checks) : next());
}

async function answer(ctx: Context, checks: readonly ReadinessCheck[]): Promise<void> {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.set('Allow', 'GET, HEAD');
    ctx.status = 405;
    ctx.body = { status: 'method not allowed' };
    return;
  }
  ctx.set('Cache-Control', 'no-store');
  if (ctx.path === '/healthz') {
    ctx.body = { status: 'ok' };
    return;
  }
  const results = await Promise.all(checks.map(async (c) => [c.name, await probe(c)] as const));
  const ready = results.every(([, up]) => up);
  ctx.status = ready ? 200 : 503;
  ctx.body = {
    status: ready ? 'ok' : 'unavailable',
    checks: Object.fromEntries(results.map(([name, up]) => [name, up ? 'ok' : 'unavailable'])),
  };
}

async function probe(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
