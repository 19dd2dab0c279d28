import type { Context, Middleware } from 'koa';
import { type Logger, requestLogger } from '../shared/logger.js';
import { wordsOf } from '../shared/locale.js';
import { renderPage } from '../shared/views.js';

/** What koa and its middleware attach to an HTTP error. */
interface HttpError {
  status?: unknown;
  headers?: unknown;
  expose?: unknown;
  message?: unknown;
}

/** How the error pages behave. */
export interface ErrorPagesOptions {
  /** Production shows no error details. */
  readonly production: boolean;
  /** Logger for errors raised outside a request's own logger (rare). */
  readonly logger: Logger;
  /** True for an error that means a dependency (database, Redis) is unreachable. */
  readonly isOutage: (error: unknown) => boolean;
}

/** The statuses whose page has a title of its own in the catalog (`errors.title.<status>`). */
const TITLED = new Set([400, 403, 404, 405, 408, 413, 415, 426, 500, 503]);

/** Seconds a client (or proxy) is told to wait before retrying during an outage. */
const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * Near the start of the chain: turns an unknown path into a 404 page and any error
 * into a plain page with the right status. An unreachable database or Redis gives a
 * 503 "temporarily unavailable" page; any other unexpected error a 500 page with the
 * request id, logged once with its stack. A visitor never sees a stack trace; outside
 * production an unexpected error's message is shown to help the developer.
 */
export function errorPages(options: ErrorPagesOptions): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // Normally `statusPages` already did this, inside the session; a fallback.
      if (ctx.status >= 400 && ctx.body == null) await renderError(ctx, ctx.status, null);
    } catch (error) {
      const err = (error ?? {}) as HttpError;
      const outage = options.isOutage(error);
      const status = outage ? 503 : httpStatus(err);
      const log = ctx.state.log ? requestLogger(ctx) : options.logger;
      if (outage) log.warn({ err: error }, 'dependency unavailable');
      else if (status >= 500) log.error({ err: error }, 'unexpected error');
      else log.debug({ status, reason: err.message }, 'request refused');
      const detail = !options.production && status === 500 && typeof err.message === 'string' ? err.message : null;
      // Headers set before the error (e.g. a half-written redirect) must not leak through.
      for (const name of ctx.res.getHeaderNames()) ctx.res.removeHeader(name);
      // Headers the error asks for, as koa's own handler does (e.g. Allow on a 405).
      if (typeof err.headers === 'object' && err.headers !== null) ctx.set(err.headers as Record<string, string>);
      if (outage) ctx.set('Retry-After', String(OUTAGE_RETRY_AFTER_SECONDS));
      await renderError(ctx, status, detail);
    }
  };
}

/**
 * Inside the session and passport, just before the router: a bare status the router
 * leaves (404 for an unknown path, 405 from allowedMethods) becomes a page that shows
 * the right `user` and consumes the pending flash for good, as every page does.
 */
export function statusPages(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status >= 400 && ctx.body == null) await renderError(ctx, ctx.status, null, true);
  };
}

/** A client error's own status (400–499); anything else is a 500. */
function httpStatus(err: HttpError): number {
  return typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
}

/**
 * Renders the error page. Outside the session (`takeFlash` false) the pending flash
 * is neither shown nor consumed: the session was already saved, so a message shown
 * here would show again on the next page.
 */
async function renderError(ctx: Context, status: number, detail: string | null, takeFlash = false): Promise<void> {
  const titled = TITLED.has(status) ? status : status >= 500 ? 500 : 400;
  const title = wordsOf(ctx).text(`errors.title.${titled}`);
  const requestId = typeof ctx.state.requestId === 'string' ? ctx.state.requestId : null;
  try {
    // A server error's page reads nothing more: the database may be what failed.
    const admin = status >= 500 ? { isAdmin: false } : {};
    await renderPage(ctx, 'error', { title, status, detail, requestId, keepFlash: !takeFlash, ...admin });
  } catch {
    ctx.type = 'text/plain';
    ctx.body = requestId && status >= 500 ? `${title} (request ${requestId})` : title;
  }
  ctx.status = status;
}
