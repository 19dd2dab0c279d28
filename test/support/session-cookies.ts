import { createHmac } from 'node:crypto';
import type { Response } from 'supertest';

/** The value of a cookie set by this response, or null. */
export function setCookieValue(response: Response, name: string): string | null {
  const header = setCookieHeader(response, name);
  return header ? decodeURIComponent(header.slice(name.length + 1).split(';')[0] ?? '') : null;
}

/** The whole Set-Cookie line for this cookie, attributes included, or null. */
export function setCookieHeader(response: Response, name: string): string | null {
  const lines = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
  return lines.find((line) => line.startsWith(`${name}=`)) ?? null;
}

/** A `Cookie` header for this session id, signed with `key` as Koa (keygrip, HMAC-SHA1) signs it. */
export function signedCookie(name: string, value: string, key: string): string {
  const signature = createHmac('sha1', key).update(`${name}=${value}`).digest('base64url');
  return `${name}=${value}; ${name}.sig=${signature}`;
}
