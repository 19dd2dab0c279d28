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
 * Security headers on every response, by helmet: a strict CSP, nosniff,
 * `Referrer-Policy: no-referrer`, X-Frame-Options and the cross-origin isolation
 * headers; HSTS (and upgrade-insecure-requests) only in production, where the site is
 * served over TLS. Headers are set after the rest of the chain ran, because the
 * error page middleware clears headers when it replaces a failed response.
 */
export function securityHeaders(options: { production: boolean }): Middleware {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: options.production ? { ...DIRECTIVES, 'upgrade-insecure-requests': [] } : DIRECTIVES,
    },
    strictTransportSecurity: options.production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      if (!ctx.headerSent) setHeaders(ctx.req, ctx.res, () => {});
    }
  };
}
