import type { Context, Middleware } from 'koa';
import type { RequestMetrics } from '../shared/request-metrics.js';

/** The label of a request no route of the app matched (a 404, a refused cross-site post, a malformed body). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Answered before the router, each under a fixed name. */
const FRAME_ROUTES = new Map([
  ['/healthz', '/healthz'],
  ['/readyz', '/readyz'],
  ['/metrics', '/metrics'],
]);

/**
 * Reports every request, once answered, to the metrics: method, route, status and
 * duration. Mounted just inside the request log, outside the error pages, so the status
 * is the one sent (a 503 page included). The route is the router's matched pattern
 * (`ctx.routerPath`, which @koa/router documents), never the raw URL, so a scan of
 * random paths adds no series.
 */
export function measureRequests(metrics: RequestMetrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.observeRequest(ctx.method, routeOf(ctx), ctx.status, (performance.now() - started) / 1000);
    }
  };
}

/** The pattern that answered: a route of the router, a path of the frame, the assets, or none. */
export function routeOf(ctx: Context): string {
  const routerPath: unknown = (ctx as { routerPath?: unknown }).routerPath;
  if (typeof routerPath === 'string' && routerPath !== '') return routerPath;
  const frame = FRAME_ROUTES.get(ctx.path);
  if (frame !== undefined) return frame;
  if (ctx.path.startsWith('/assets/')) return '/assets/*';
  return UNMATCHED_ROUTE;
}
