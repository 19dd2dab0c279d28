import type { Context } from 'koa';
import type { RememberCookie } from '../../application/devices/remember-cookie.js';
import type { WebOptions } from './web-options.js';

/** Name of the remember-me cookie over plain HTTP (development, tests). */
export const REMEMBER_COOKIE = 'gatehouse.remember';

/** Name over TLS: `__Host-`, like the session cookie, so no subdomain can set or shadow it. */
export const SECURE_REMEMBER_COOKIE = '__Host-gatehouse.remember';

/**
 * The remember-me cookie of "Keep me logged in on this device": HttpOnly, SameSite=Lax,
 * Path=/, no Domain, Secure and `__Host-` with `secureCookies`. It is not signed: its
 * value is itself a 512-bit secret the server checks, and nothing else. Koa's cookies
 * write the lifetime as `Expires`.
 */
export interface RememberMeCookie {
  readonly name: string;
  /** The value as the browser sent it, or undefined. */
  read(ctx: Context): string | undefined;
  set(ctx: Context, cookie: RememberCookie): void;
  /** Tells the browser to drop it, when it sent one. */
  clear(ctx: Context): void;
}

/** The remember-me cookie for these options. */
export function rememberMeCookie(options: Pick<WebOptions, 'secureCookies'>): RememberMeCookie {
  const name = options.secureCookies ? SECURE_REMEMBER_COOKIE : REMEMBER_COOKIE;
  const attributes = (ctx: Context) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    // Secure always with `secureCookies` (the app then answers TLS requests only), and
    // otherwise whenever the request came over TLS.
    secure: ctx.secure,
    signed: false,
    // A rotation replaces, in the same response, a cookie set earlier by the request.
    overwrite: true,
  });
  return {
    name,
    read: (ctx) => ctx.cookies.get(name, { signed: false }),
    set(ctx, cookie) {
      ctx.cookies.set(name, cookie.value, { ...attributes(ctx), maxAge: cookie.maxAgeMs });
    },
    clear(ctx) {
      if (ctx.cookies.get(name, { signed: false }) !== undefined) ctx.cookies.set(name, null, attributes(ctx));
    },
  };
}
