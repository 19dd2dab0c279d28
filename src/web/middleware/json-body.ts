import type { Context, Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';
import { passkeyMessages as messages } from '../passkeys/passkey-messages.js';
import { clientStatus, hasBody } from './request-body.js';

/** The paths whose POST bodies are JSON (the passkey ceremonies), as the router matches them. */
export const JSON_PATHS: ReadonlySet<string> = new Set([
  '/account/passkeys',
  '/account/passkeys/options',
  '/login/passkey',
  '/login/passkey/options',
  '/login/two-factor/passkey',
  '/login/two-factor/passkey/options',
]);

/** Whether a request goes to one of JSON_PATHS: the router's case-insensitive, trailing-slash-tolerant match. */
export function isJsonPath(ctx: Context): boolean {
  return JSON_PATHS.has(ctx.path.toLowerCase().replace(/(.)\/$/, '$1'));
}

/** A JSON answer with an error message the page shows as is. */
export function jsonRefusal(ctx: Context, status: number, error: string): void {
  ctx.status = status;
  ctx.body = { error };
}

/**
 * Reads `application/json` bodies of at most `limit` (an object or array, never a bare
 * value), and answers every body it cannot read with a JSON 4xx the page can show,
 * never a 500: another content type 415, over the limit 413, malformed JSON 400. A
 * request without a body reads as `{}`.
 */
export function jsonBody(limit: string): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    strict: true,
    onerror: (error, ctx) => ctx.throw(clientStatus(error)),
  });
  return async (ctx, next) => {
    if (!hasBody(ctx)) {
      ctx.request.body = {};
      return next();
    }
    if (!ctx.is('application/json')) return jsonRefusal(ctx, 415, messages.unreadableRequest);
    try {
      await parse(ctx, async () => {});
    } catch (error) {
      const code = clientStatus(error);
      return jsonRefusal(ctx, code, code === 413 ? messages.requestTooLarge : messages.unreadableRequest);
    }
    await next();
  };
}
