import type { UserId } from '../../domain/shared/user.js';
import type { CurrentPasswordRefusal } from './current-password-check.js';
import type { RequestContext, SecurityEvents, SecurityEventType } from './ports/security-events.js';

/**
 * Records a refusal of the password a logged-in user typed again, when it tells an
 * operator something: a wrong password, or one not checked because of the throttle
 * (`reason` says which), or an account without a password whose session has no fresh
 * sign-in to prove the change. A password left empty, or an account that is gone, records nothing.
 */
export async function recordPasswordRefusal(
  events: SecurityEvents,
  type: Extract<SecurityEventType, 'account.refused' | 'sudo.refused'>,
  userId: UserId,
  refusal: CurrentPasswordRefusal,
  request: RequestContext,
): Promise<void> {
  if (refusal.kind !== 'wrong-password' && refusal.kind !== 'throttled' && refusal.kind !== 'fresh-sign-in-needed') return;
  await events.record({ type, userId, reason: refusal.kind, request });
}
