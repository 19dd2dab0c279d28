import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from './end-sessions.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';

/** The session to log out, by its public handle, and the handle of the session asking. */
export interface RevokeSessionInput {
  readonly userId: UserId;
  readonly handle: string;
  readonly currentHandle: string | null;
  /** The request it came in; omitted outside the web. */
  readonly request?: RequestContext;
}

/**
 * `ok` when the session ended (`current`: it was the one asking, which is now logged
 * out); `not-found` when the user has no live session with that handle (another user's,
 * already ended, or unknown), and nothing changed.
 */
export type RevokeSessionResult =
  | { readonly kind: 'ok'; readonly current: boolean }
  | { readonly kind: 'not-found' };

/**
 * Logs out one session of the logged-in user from the sessions page. Recorded as
 * `session.revoked` on the user's activity, and a refusal as `session.revoke-refused`.
 */
export class RevokeSession {
  constructor(
    private readonly endSessions: EndSessions,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: RevokeSessionInput): Promise<RevokeSessionResult> {
    const { userId, request } = input;
    const ended = await this.endSessions.one(userId, input.handle, this.clock.now());
    if (!ended) {
      await this.events.record({ type: 'session.revoke-refused', userId, reason: 'not-found', ...(request && { request }) });
      return { kind: 'not-found' };
    }
    await this.events.record({ type: 'session.revoked', userId, ...(request && { request }) });
    return { kind: 'ok', current: input.handle === input.currentHandle };
  }
}
