import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from './end-sessions.js';
import type { Clock } from '../shared/ports/clock.js';

/** The session to log out, by its public handle, and the handle of the session asking. */
export interface RevokeSessionInput {
  readonly userId: UserId;
  readonly handle: string;
  readonly currentHandle: string | null;
}

/**
 * `ok` when the session ended (`current`: it was the one asking, which is now logged
 * out); `not-found` when the user has no live session with that handle (another user's,
 * already ended, or unknown), and nothing changed.
 */
export type RevokeSessionResult =
  | { readonly kind: 'ok'; readonly current: boolean }
  | { readonly kind: 'not-found' };

/** Logs out one session of the logged-in user from the sessions page. */
export class RevokeSession {
  constructor(
    private readonly endSessions: EndSessions,
    private readonly clock: Clock,
  ) {}

  async execute(input: RevokeSessionInput): Promise<RevokeSessionResult> {
    const ended = await this.endSessions.one(input.userId, input.handle, this.clock.now());
    if (!ended) return { kind: 'not-found' };
    return { kind: 'ok', current: input.handle === input.currentHandle };
  }
}
