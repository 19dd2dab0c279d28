import type { Context, Middleware } from 'koa';

/** What koa and its middleware attach to an HTTP error. */
interface HttpError {
  status?: unknown;
  headers?: unknown;
  expose?: unknown;
  message?: unknown;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  403: 'Forbidden',
  404: 'Page not found',
  405: 'Method not allowed',
  413: 'Request too large',
  415: 'Unsupported form encoding',
  500: 'Something went wrong',
};

/**
 * First in the chain: turns an unknown path into a 404 page and any error into a
 * plain page with the right status. A visitor never sees a stack trace; outside
 * production an unexpected error's message is shown to help the developer.
 */
export function errorPages(options: { production: boolean; log: (error: unknown) => void }): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      // A bare status from the router (404, or 405 from allowedMethods) becomes a page.
      if (ctx.status >= 400 && ctx.body == null) await renderError(ctx, ctx.status, null);
    } catch (error) {
      const err = (error ?? {}) as HttpError;
      const status = typeof err.status === 'number' && err.status >= 400 && err.status < 600 ? err.status : 500;
      if (status >= 500) options.log(error);
      const detail = !options.production && status >= 500 && typeof err.message === 'string' ? err.message : null;
      // Headers set before the error (e.g. a half-written redirect) must not leak through.
      for (const name of ctx.res.getHeaderNames()) ctx.res.removeHeader(name);
      // Headers the error asks for, as koa's own handler does (e.g. Allow on a 405).
      if (typeof err.headers === 'object' && err.headers !== null) ctx.set(err.headers as Record<string, string>);
      await renderError(ctx, status, detail);
    }
  };
}

async function renderError(ctx: Context, status: number, detail: string | null): Promise<void> {
  const title = STATUS_TEXT[status] ?? (status >= 500 ? STATUS_TEXT[500] : STATUS_TEXT[400]);
  try {
    await ctx.render('error', { title, status, detail });
  } catch {
    ctx.type = 'text/plain';
    ctx.body = title;
  }
  ctx.status = status;
}
