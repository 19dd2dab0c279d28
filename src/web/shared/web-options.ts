import type { ReadinessCheck } from '../../application/shared/ports/readiness-check.js';
import type { SecurityEvents } from '../../application/shared/ports/security-events.js';
import type { PasswordLimits } from '../../domain/shared/password-policy.js';
import type { SessionStore } from './koa-session-store.js';
import type { Logger } from './logger.js';
import type { WebMetrics } from './request-metrics.js';
import type { Translations } from '../../application/shared/ports/translations.js';

/** How the web app behaves, decided by configuration, and the services its frame uses. */
export interface WebOptions {
  /** Cookie signing keys, newest first. */
  readonly sessionKeys: readonly string[];
  /** Production hides error details and caches compiled templates. */
  readonly production: boolean;
  /**
   * Origins besides this site's that a form may lead to (CSP `form-action`, which
   * browsers apply to a form's redirects too): the configured sign-in providers', whose
   * buttons and link forms redirect there. None unless given.
   */
  readonly formActionOrigins?: readonly string[];
  /** Absolute path of the pug templates. */
  readonly viewsDir: string;
  /** Absolute path of the files served under /assets/; defaults to `public` next to viewsDir. */
  readonly publicDir?: string;
  /** Every locale's catalogs, loaded at start: the words of every page and message. */
  readonly translations: Translations;
  /** Where sessions live; omitted, the session is kept in the signed cookie. */
  readonly sessionStore?: SessionStore;
  /** Session cookie lifetime with a store: the absolute session lifetime. */
  readonly sessionMaxAgeMs?: number;
  /** Over TLS (production): Secure cookie named `__Host-…`; needs `app.proxy` behind a TLS proxy. */
  readonly secureCookies?: boolean;
  /** Other origins (`scheme://host[:port]`) whose forms may post here; none by default. */
  readonly trustedOrigins?: readonly string[];
  /** Where request lines, errors and security events go; omitted, nowhere. */
  readonly logger?: Logger;
  /** What /readyz asks; omitted, it asks nothing and says ready. */
  readonly readinessChecks?: readonly ReadinessCheck[];
  /** Tells an unreachable dependency from a bug, to answer 503 instead of 500. */
  readonly isOutage?: (error: unknown) => boolean;
  /** Where the events only the web sees go (a refused gate, a cross-site post): `ctx.securityEvents`. */
  readonly securityEvents: SecurityEvents;
  /** How long a new password may be (PASSWORD_HASHER): `ctx.passwordLimits`, and each page's `passwordRules`. Omitted, bcrypt's. */
  readonly passwordLimits?: PasswordLimits;
  /**
   * Reverse proxies in front of the app (0 or omitted: none). With N > 0 Koa trusts
   * X-Forwarded-* headers (`app.proxy`) and takes the client address from the Nth
   * X-Forwarded-For entry from the right (`app.maxIpsCount`), the one the outermost
   * trusted proxy wrote, so a client cannot choose its own address.
   */
  readonly proxyHops?: number;
  /**
   * METRICS=on: every request is reported to these metrics, and /metrics serves them.
   * Omitted, /metrics is an unknown path and nothing is measured.
   */
  readonly metrics?: WebMetrics;
}
