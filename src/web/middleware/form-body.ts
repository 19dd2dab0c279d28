import type { Context, Middleware, Next } from 'koa';
import bodyParser from 'koa-bodyparser';
import { clientStatus, hasBody } from './request-body.js';

/** Charsets a urlencoded form may declare; browsers send UTF-8 and usually declare none. */
const ACCEPTED_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii']);

/**
 * Reads `application/x-www-form-urlencoded` bodies up to `limit`, and answers every
 * malformed body with a 4xx (never a 500): another content type or charset 415,
 * over the limit 413, a corrupt compressed body or a length mismatch 400, and raw
 * non-ASCII bytes or broken percent-encoding 400 — a browser percent-encodes every
 * byte outside ASCII, so such a body was not sent by a form, and decoding it loosely
 * could make two different passwords equal.
 */
export function formBody(limit: string): Middleware {
  const parse = bodyParser({
    enableTypes: ['form'],
    formLimit: limit,
    onerror: (error, ctx) => ctx.throw(clientStatus(error)),
  });
  const read = async (ctx: Context, next: Next) => {
    if (!ctx.is('application/x-www-form-urlencoded')) ctx.throw(415);
    const charset = ctx.request.charset.toLowerCase();
    if (charset && !ACCEPTED_CHARSETS.has(charset)) ctx.throw(415);
    await parse(ctx, async () => {});
    const raw = ctx.request.rawBody;
    if (typeof raw === 'string' && !isWellFormedUrlencoded(raw)) ctx.throw(400);
    await next();
  };
  // Not async itself: a request without a body (every page view) passes straight on.
  return (ctx, next) => {
    if (hasBody(ctx)) return read(ctx, next);
    // What the parser finds in a request without a body.
    ctx.request.body = {};
    return next();
  };
}

function isWellFormedUrlencoded(raw: string): boolean {
  // Only ASCII can arrive from a form; the decoder turned other bytes into U+FFFD.
  if (!/^[\x20-\x7e]*$/.test(raw)) return false;
  try {
    decodeURIComponent(raw.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}
