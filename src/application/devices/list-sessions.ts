import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { SessionDevice, SessionStorage } from '../shared/ports/session-storage.js';

/** Whose sessions to list, and the public handle of the session asking (null when it has none). */
export interface ListSessionsInput {
  readonly userId: UserId;
  readonly currentHandle: string | null;
}

/** One live session of the user, as the sessions page shows it: named by its handle, never its id. */
export interface ListedSession extends SessionDevice {
  /** True for the session that asked ("This device"). */
  readonly current: boolean;
}

/** The user's live sessions, most recently used first. */
export type ListSessionsResult = { readonly kind: 'ok'; readonly sessions: readonly ListedSession[] };

/** Lists the live sessions of a logged-in user for the sessions page, marking the one asking. */
export class ListSessions {
  constructor(
    private readonly sessions: SessionStorage,
    private readonly clock: Clock,
  ) {}

  async execute(input: ListSessionsInput): Promise<ListSessionsResult> {
    const devices = await this.sessions.listOfUser(input.userId, this.clock.now());
    return {
      kind: 'ok',
      sessions: devices.map((device) => ({ ...device, current: device.handle === input.currentHandle })),
    };
  }
}
