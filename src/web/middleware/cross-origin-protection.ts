import type { Context, Middleware } from 'koa';

/** Methods that must not change state, so they are never checked (as in Go). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a refused request is told; the error page shows it under "Forbidden". */
export const CROSS_ORIGIN_REFUSAL = 'Cross-origin request refused';

/** The parts of a request the check reads. */
export interface OriginCheckRequest {
  readonly method: string;
  /** A request header's value, or '' when absent (like Go's `Header.Get`). */
  header(name: string): string;
  /** The request's own Host header, never X-Forwarded-Host. */
  readonly host: string;
}

/**
 * Token-less CSRF protection, a port of Go 1.25's `net/http.CrossOriginProtection.Check`
 * (without its bypass patterns): true when an unsafe request comes from another
 * origin. Browsers since 2023 send `Sec-Fetch-Site`; older ones are judged by
 * comparing the host of `Origin` with the request's Host header. Requests carrying
 * neither header are same-origin or not from a browser, and pass.
 */
export function isCrossOriginRequest(request: OriginCheckRequest, trustedOrigins: ReadonlySet<string>): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.header('origin');
  const trusted = origin !== '' && trustedOrigins.has(origin);

  const site = request.header('sec-fetch-site');
  if (site === 'same-origin' || site === 'none') return false;
  if (site !== '') return !trusted;

  if (origin === '') return false;
  if (originHost(origin) === request.host) return false;
  return !trusted;
}

/**
 * True when a browser followed a link from another site (or a sibling subdomain)
 * to this request. Used to keep GET /logout from being triggered by other sites.
 */
export function isCrossSiteNavigation(ctx: Context): boolean {
  const site = ctx.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

/**
 * Refuses cross-origin unsafe requests with 403 before the session or the body is
 * read. `trustedOrigins` are exact `scheme://host[:port]` values that may post here.
 */
export function crossOriginProtection(trustedOrigins: readonly string[]): Middleware {
  const trusted = new Set(trustedOrigins);
  return (ctx, next) => {
    // A page view (a safe method) is never refused: it builds nothing to check.
    if (SAFE_METHODS.has(ctx.method)) return next();
    const request: OriginCheckRequest = {
      method: ctx.method,
      header: (name) => ctx.get(name),
      host: ctx.req.headers.host ?? '',
    };
    if (isCrossOriginRequest(request, trusted)) ctx.throw(403, CROSS_ORIGIN_REFUSAL);
    return next();
  };
}

/**
 * The host (with port, as written) of an origin, as Go's `url.Parse(origin).Host`
 * gives it; null for values with no `scheme://` such as the opaque origin `null`.
 * WHATWG's URL parser is not used because it drops default ports and lower-cases,
 * which would make `http://example.com:80` match a Host of `example.com`.
 */
function originHost(origin: string): string | null {
  const authority = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/?#]*)/.exec(origin)?.[1];
  if (authority === undefined) return null;
  return authority.slice(authority.lastIndexOf('@') + 1);
}
