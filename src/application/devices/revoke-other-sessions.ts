import type { UserId } from '../../domain/shared/user.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { EndSessions } from './end-sessions.js';
import { type RememberedDeviceKey, selectorOf } from './remembered-device-key.js';

/** The user, and the public handle of the session to keep: the one asking. */
export interface RevokeOtherSessionsInput {
  readonly userId: UserId;
  readonly currentHandle: string | null;
  /** The key of the remembered device asking (null: none): that device stays remembered. */
  readonly currentKey: RememberedDeviceKey | null;
  /** The request it came in; omitted outside the web. */
  readonly request?: RequestContext;
}

/**
 * `ok` once every other session ended; `current-unknown`, ending nothing, when the
 * session asking has no handle, so it could not be told from the others.
 */
export type RevokeOtherSessionsResult = { readonly kind: 'ok' } | { readonly kind: 'current-unknown' };

/**
 * "Log out of all other sessions": ends every session of the user but the one asking,
 * and forgets every remembered device but the one asking. Recorded as
 * `sessions.revoked-others` on the user's activity, and a refusal as
 * `session.revoke-refused`.
 */
export class RevokeOtherSessions {
  constructor(
    private readonly endSessions: EndSessions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: RevokeOtherSessionsInput): Promise<RevokeOtherSessionsResult> {
    const { userId, request } = input;
    if (input.currentHandle === null) {
      await this.events.record({ type: 'session.revoke-refused', userId, reason: 'current-unknown', ...(request && { request }) });
      return { kind: 'current-unknown' };
    }
    await this.endSessions.allExcept(userId, input.currentHandle, selectorOf(input.currentKey));
    await this.events.record({ type: 'sessions.revoked-others', userId, ...(request && { request }) });
    return { kind: 'ok' };
  }
}
