import type { AuditEvents } from '../../../src/application/audit/ports/audit-events.js';
import type { Clock } from '../../../src/application/shared/ports/clock.js';
import type { Logger } from '../../../src/application/shared/ports/logger.js';
import type { RequestContext } from '../../../src/application/shared/ports/security-events.js';
import { auditIds } from '../../../src/infrastructure/audit/audit-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { testContainer } from '../test-container.js';
import { CLIENT_ADDRESS } from '../throttle.js';

/** A Firefox on Ubuntu, as a browser would send it. */
export const FIREFOX_UA = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** The request a use case's input names in unit tests: a documentation address, Firefox, an id. */
export function testRequest(ip: string = CLIENT_ADDRESS): RequestContext {
  return { ip, userAgent: FIREFOX_UA, requestId: 'test-request' };
}

/**
 * The app's recorder as the audit module binds it, on an in-memory audit trail (unless
 * given one), writing to `logger` (nowhere unless given).
 */
export function testSecurityEvents(parts: { logger?: Logger; audit?: AuditEvents; clock?: Clock } = {}) {
  const container = testContainer({ ...(parts.logger && { logger: parts.logger }), ...(parts.clock && { clock: parts.clock }) });
  if (parts.audit) container.replace(auditIds.auditEvents, parts.audit);
  return { events: container.get(sharedIds.securityEvents), audit: container.get(auditIds.auditEvents) };
}
