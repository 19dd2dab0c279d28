import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from './end-sessions.js';
import { selectorOf } from './remember-cookie.js';

/** The user, and the public handle of the session to keep: the one asking. */
export interface RevokeOtherSessionsInput {
  readonly userId: UserId;
  readonly currentHandle: string | null;
  /** The remember-me cookie of the device asking, if any: that device stays remembered. */
  readonly currentCookie: string | undefined;
}

/**
 * `ok` once every other session ended; `current-unknown`, ending nothing, when the
 * session asking has no handle, so it could not be told from the others.
 */
export type RevokeOtherSessionsResult = { readonly kind: 'ok' } | { readonly kind: 'current-unknown' };

/**
 * "Log out of all other sessions": ends every session of the user but the one asking,
 * and forgets every remembered device but the one asking.
 */
export class RevokeOtherSessions {
  constructor(private readonly endSessions: EndSessions) {}

  async execute(input: RevokeOtherSessionsInput): Promise<RevokeOtherSessionsResult> {
    if (input.currentHandle === null) return { kind: 'current-unknown' };
    await this.endSessions.allExcept(input.userId, input.currentHandle, selectorOf(input.currentCookie));
    return { kind: 'ok' };
  }
}
