import { message, type Message, say } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';
import { clientStatus, hasBody } from './request-body.js';

/** What a JSON body that cannot be read is answered with: the page's script shows it as is. */
export const jsonBodyMessages = {
  unreadableRequest: message('jsonBody.unreadableRequest'),
  requestTooLarge: message('jsonBody.requestTooLarge'),
} as const;

const messages = jsonBodyMessages;

/**
 * Whether a request goes to one of `paths` (the features' JSON endpoints, lower case):
 * the router's case-insensitive, trailing-slash-tolerant match.
 */
export function jsonPathMatcher(paths: Iterable<string>): (ctx: Context) => boolean {
  const known = new Set([...paths].map((path) => path.toLowerCase()));
  return (ctx) => known.has(ctx.path.toLowerCase().replace(/(.)\/$/, '$1'));
}

/** A JSON answer with an error message the page shows as is, in the request's language. */
export function jsonRefusal(ctx: Context, status: number, refusal: Message): void {
  ctx.status = status;
  ctx.body = { error: say(ctx, refusal) };
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
