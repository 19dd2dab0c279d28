import type { Context } from 'koa';

/** True when the request carries a body (a positive length or a chunked stream). */
export function hasBody(ctx: Context): boolean {
  return ctx.get('Transfer-Encoding') !== '' || Number(ctx.get('Content-Length') || 0) > 0;
}

/** The body parser's own 4xx status (413, 415, 400…), else 400: any failure to read a body is the client's. */
export function clientStatus(error: unknown): number {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : 400;
}
