import type { Context } from 'koa';
import { DEVICE_TOKEN_LIFETIME_MS } from '../../application/devices/notice-login-device.js';

/** Name of the device cookie over plain HTTP (development, tests). */
export const DEVICE_COOKIE = 'gatehouse.device';

/** Name over TLS: `__Host-`, like the session cookie, so no subdomain can set or shadow it. */
export const SECURE_DEVICE_COOKIE = '__Host-gatehouse.device';

/**
 * The device cookie: a random token (256 bits, base64url) the browser keeps for 400
 * days from its latest login, by which a login tells a device the account has used
 * from a new one. The server keeps only its SHA-256, per account. HttpOnly,
 * SameSite=Lax, Path=/, no Domain, Secure and `__Host-` with `secureCookies`; not
 * signed: the value is itself a secret, and a value that is not one is a new device.
 */
export interface DeviceCookie {
  readonly name: string;
  /** The value as the browser sent it, or null: whether it is a token is the use case's call. */
  read(ctx: Context): string | null;
  /** Gives the browser this token to keep for the cookie's lifetime from now. */
  set(ctx: Context, token: string): void;
}

/** The device cookie for these options. */
export function deviceCookie(options: { readonly secureCookies: boolean }): DeviceCookie {
  const name = options.secureCookies ? SECURE_DEVICE_COOKIE : DEVICE_COOKIE;
  return {
    name,
    read: (ctx) => ctx.cookies.get(name, { signed: false }) ?? null,
    set(ctx, token) {
      ctx.cookies.set(name, token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        // Secure always with `secureCookies` (the app then answers TLS requests only), and
        // otherwise whenever the request came over TLS.
        secure: ctx.secure,
        signed: false,
        overwrite: true,
        maxAge: DEVICE_TOKEN_LIFETIME_MS,
      });
    },
  };
}
