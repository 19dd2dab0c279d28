import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Middleware } from 'koa';

/** Where the files of the public folder are served. */
export const ASSETS_PREFIX = '/assets/';

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** A day: assets change only with a deploy, and the ETag makes revalidation cheap. */
const CACHE_CONTROL = 'public, max-age=86400';

interface Asset {
  readonly body: Buffer;
  readonly type: string;
  readonly etag: string;
}

/**
 * Serves the files of `dir` (read once, at start) under /assets/. Only files that
 * exist at start and have a known type are served, so no request path ever reaches
 * the file system; anything else falls through to the 404 page.
 */
export function staticAssets(dir: string): Middleware {
  const assets = new Map<string, Asset>();
  for (const name of readdirSync(dir)) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const body = readFileSync(join(dir, name));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    assets.set(ASSETS_PREFIX + name, { body, type, etag });
  }
  // Not async: other requests pass straight on, and an asset is answered at once.
  return (ctx, next) => {
    const asset = assets.get(ctx.path);
    if (!asset || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    ctx.set('Cache-Control', CACHE_CONTROL);
    ctx.set('ETag', asset.etag);
    ctx.type = asset.type;
    ctx.status = 200; // ctx.fresh compares validators only on a 2xx response
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = asset.body;
  };
}
