import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { type Logger, requestLogger } from '../shared/logger.js';

/** Header that carries the request id in and out. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * An incoming id is kept only when it looks like one (a UUID, a proxy's hex id):
 * short, and without spaces, quotes or control characters that could forge a log line.
 */
const ACCEPTED_ID = /^[A-Za-z0-9][A-Za-z0-9._:+/=-]{0,127}$/;

/** Paths hit every few seconds by load balancers and Prometheus: logged at debug level. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The incoming request id when it has an acceptable shape, else null. */
export function acceptedRequestId(header: string): string | null {
  return ACCEPTED_ID.test(header) ? header : null;
}

/** How the request log treats what the client sent. */
export interface RequestLogOptions {
  /**
   * Keep an incoming X-Request-Id: only behind a trusted reverse proxy, which sets
   * (overwrites) the header, so a client cannot choose the id its requests log under.
   */
  readonly trustIncomingId: boolean;
}

/**
 * Outermost middleware: gives every request an id (the one a trusted proxy sent, or
 * a new UUID), a logger that stamps it on every line (`ctx.state.log`), echoes it in
 * the response, and writes one line per request with method, path (no query
 * string), status and duration. It never logs headers, cookies or bodies.
 */
export function requestLog(logger: Logger, options: RequestLogOptions): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const incoming = options.trustIncomingId ? acceptedRequestId(ctx.get(REQUEST_ID_HEADER)) : null;
    const requestId = incoming ?? randomUUID();
    ctx.state.requestId = requestId;
    ctx.state.log = new RequestLogger(logger, requestId);
    try {
      await next();
    } finally {
      // Set last, because the error page clears headers set before a failure.
      ctx.set(REQUEST_ID_HEADER, requestId);
      const fields = {
        requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      };
      // The root logger, with the id as a field: most requests write only this line.
      if (QUIET_PATHS.has(ctx.path)) logger.debug(fields, 'request');
      else logger.info(fields, 'request');
    }
  };
}

/**
 * Koa's `error` event: an error no middleware could answer, usually a broken
 * connection. A client that hung up before its request had fully arrived (in the
 * middle of a body: `message.complete` is false) did nothing wrong on our side and
 * pages no one: it is logged at debug, with the error's code and no stack. Anything
 * else is logged as an error.
 */
export function appErrorLogger(logger: Logger): (error: unknown, ctx?: Context) => void {
  return (error, ctx) => {
    if (ctx && !ctx.req.complete) {
      const code = (error as { code?: unknown } | null)?.code;
      const log = ctx.state.log ? requestLogger(ctx) : logger;
      log.debug({ code: typeof code === 'string' ? code : null }, 'client aborted');
      return;
    }
    logger.error({ err: error }, 'response failed');
  };
}

/**
 * The logger of one request: a child logger stamping the request id, made on the
 * first line written through it (a security event, an error), so a request that
 * writes only its access line, as most do, makes none.
 */
class RequestLogger implements Logger {
  #child: Logger | null = null;

  constructor(
    private readonly root: Logger,
    private readonly requestId: string,
  ) {}

  debug(fields: object, message: string): void {
    this.stamped().debug(fields, message);
  }

  info(fields: object, message: string): void {
    this.stamped().info(fields, message);
  }

  warn(fields: object, message: string): void {
    this.stamped().warn(fields, message);
  }

  error(fields: object, message: string): void {
    this.stamped().error(fields, message);
  }

  child(bindings: Record<string, unknown>): Logger {
    return this.stamped().child(bindings);
  }

  private stamped(): Logger {
    this.#child ??= this.root.child({ requestId: this.requestId });
    return this.#child;
  }
}
