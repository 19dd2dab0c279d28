import type { SecurityEvents } from '../application/shared/ports/security-events.js';
import type { PasswordLimits } from '../domain/shared/password-policy.js';
import type { UserId } from '../domain/shared/user.js';

declare global {
  namespace Express {
    /** The session identity handlers see: the user id and nothing else (docs/behaviour.md §2). */
    interface User {
      id: UserId;
    }
  }
}

declare module 'koa' {
  /** What `createApp` adds to every context, through `app.context`. */
  interface DefaultContext {
    /** Where `logSecurityEvent` records: the log and the audit trail. */
    securityEvents: SecurityEvents;
    /**
     * How long a new password may be, as the hasher of new hashes allows (PASSWORD_HASHER).
     * Absent from a bare Koa app (a unit test's): read it with `passwordLimitsOf(ctx)`.
     */
    passwordLimits?: PasswordLimits;
  }
}
