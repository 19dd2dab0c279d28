import type { UserId } from '../domain/user.js';
import type { SessionStorage } from './ports/session-storage.js';

/**
 * Ends what keeps a user logged in: every way "log out everywhere" happens (a password
 * change or reset, account deletion, the admin flag revoked) and the sessions page's
 * "Log out" buttons go through here, so a new kind of login state is ended in one place
 * for all of them.
 */
export class EndSessions {
  constructor(private readonly sessions: SessionStorage) {}

  /** Ends every session of the user; resolves how many there were. */
  async ofUser(userId: UserId): Promise<number> {
    return this.sessions.destroyAllOfUser(userId);
  }

  /**
   * Ends the user's session with this public handle; resolves false, ending nothing,
   * when no session of this user live at `now` has it.
   */
  async one(userId: UserId, handle: string, now: number): Promise<boolean> {
    return this.sessions.destroyOfUser(userId, handle, now);
  }

  /** Ends every session of the user but the one with `keepHandle`; resolves how many ended. */
  async allExcept(userId: UserId, keepHandle: string): Promise<number> {
    return this.sessions.destroyAllOfUser(userId, keepHandle);
  }
}
