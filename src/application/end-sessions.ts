import type { UserId } from '../domain/user.js';
import type { SessionStorage } from './ports/session-storage.js';

/**
 * Ends what keeps a user logged in: every way "log out everywhere" happens (a password
 * change or reset, account deletion, the admin flag revoked) goes through here, so a new
 * kind of login state is ended in one place for all of them.
 */
export class EndSessions {
  constructor(private readonly sessions: SessionStorage) {}

  /** Ends every session of the user; resolves how many there were. */
  async ofUser(userId: UserId): Promise<number> {
    return this.sessions.destroyAllOfUser(userId);
  }
}
