import type { Context } from 'koa';
import { isWellFormedToken } from '../../application/shared/ports/secret-tokens.js';
import type { WebOptions } from './web-options.js';

/** Name of the remember-me cookie over plain HTTP (development, tests). */
export const REMEMBER_COOKIE = 'gatehouse.remember';

/** Name over TLS: `__Host-`, like the session cookie, so no subdomain can set or shadow it. */
export const SECURE_REMEMBER_COOKIE = '__Host-gatehouse.remember';

/**
 * What the cookie carries: a remembered device's key, a selector that finds its token
 * and a validator that proves it, each 256 random bits in base64url (43 characters).
 */
export interface RememberMeKey {
  readonly selector: string;
  readonly validator: string;
}

/** selector, dot, validator: checked first, so an over-long value is never split. */
const VALUE_LENGTH = 43 + 1 + 43;

/** The cookie value of a key: `<selector>.<validator>`. */
export function rememberCookieValue(key: RememberMeKey): string {
  return `${key.selector}.${key.validator}`;
}

/**
 * The key in a cookie value of exactly the shape `rememberCookieValue` makes, or null
 * for anything else (tampered, truncated, over-long, not a string).
 */
export function parseRememberCookie(value: unknown): RememberMeKey | null {
  if (typeof value !== 'string' || value.length !== VALUE_LENGTH) return null;
  const [selector, validator, ...rest] = value.split('.');
  if (rest.length > 0 || !isWellFormedToken(selector) || !isWellFormedToken(validator)) return null;
  return { selector, validator };
}

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
  /** The key the browser sent, when its cookie is well-formed; else null. */
  keyOf(ctx: Context): RememberMeKey | null;
  /** The selector of the device's remembered login, when the browser sent a well-formed cookie; else null. */
  deviceOf(ctx: Context): string | null;
  /** Gives the browser this key to keep for `maxAgeMs` from now. */
  set(ctx: Context, key: RememberMeKey, maxAgeMs: number): void;
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
  const read = (ctx: Context) => ctx.cookies.get(name, { signed: false });
  return {
    name,
    read,
    keyOf: (ctx) => parseRememberCookie(read(ctx)),
    deviceOf: (ctx) => parseRememberCookie(read(ctx))?.selector ?? null,
    set(ctx, key, maxAgeMs) {
      ctx.cookies.set(name, rememberCookieValue(key), { ...attributes(ctx), maxAge: maxAgeMs });
    },
    clear(ctx) {
      if (read(ctx) !== undefined) ctx.cookies.set(name, null, attributes(ctx));
    },
  };
}
