import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Middleware } from 'koa';

/** The Content-Security-Policy: own resources only, no inline code, never framed. */
const DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Security headers on every response, as helmet computes them: a strict CSP (forms may
 * also lead to `formActionOrigins`, the sign-in providers' when configured), nosniff,
 * `Referrer-Policy: no-referrer`, X-Frame-Options and the cross-origin isolation
 * headers; HSTS (and upgrade-insecure-requests) only in production, where the site is
 * served over TLS. Headers are set after the rest of the chain ran, because the
 * error page middleware clears headers when it replaces a failed response.
 */
export function securityHeaders(options: { production: boolean; formActionOrigins?: readonly string[] }): Middleware {
  const origins = options.formActionOrigins ?? [];
  const directives = origins.length === 0 ? DIRECTIVES : { ...DIRECTIVES, 'form-action': ["'self'", ...origins] };
  const headers = helmetHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: options.production ? { ...directives, 'upgrade-insecure-requests': [] } : directives,
      },
      strictTransportSecurity: options.production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
    }),
  );
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (!ctx.headerSent) for (const [name, value] of headers) ctx.res.setHeader(name, value);
    }
  };
}

/**
 * The headers helmet sets, read once by running it against a recording response: they
 * depend on the options only, and running helmet's dozen middleware functions on
 * every request is a measurable share of a page view.
 */
function helmetHeaders(setHeaders: ReturnType<typeof helmet>): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  let failure: unknown = null;
  setHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    done = true;
    failure = error ?? null;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  if (failure !== null) throw failure;
  return [...headers];
}
