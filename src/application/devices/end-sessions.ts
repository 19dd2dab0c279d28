import type { UserId } from '../../domain/shared/user.js';
import type { RememberTokens } from './ports/remember-tokens.js';
import type { SessionStorage } from '../shared/ports/session-storage.js';

/**
 * Ends what keeps a user logged in: every way "log out everywhere" happens (a password
 * change or reset, account deletion, a lock) and the sessions page's
 * "Log out" buttons go through here, so a new kind of login state is ended in one place
 * for all of them. Sessions are one kind; remembered devices ("Keep me logged in") are
 * the other, since each would start a new session on its own.
 */
export class EndSessions {
  constructor(
    private readonly sessions: SessionStorage,
    private readonly rememberTokens: RememberTokens,
  ) {}

  /** Ends every session of the user and forgets every remembered device; resolves how many sessions there were. */
  async ofUser(userId: UserId): Promise<number> {
    const ended = await this.sessions.destroyAllOfUser(userId);
    await this.rememberTokens.deleteAllOfUser(userId);
    return ended;
  }

  /**
   * Ends every session of every user and forgets every remembered device: an operator's
   * "log everyone out". Resolves how many of each there were.
   */
  async ofEveryone(): Promise<{ readonly sessions: number; readonly devices: number }> {
    const sessions = await this.sessions.destroyAll();
    const devices = await this.rememberTokens.deleteAll();
    return { sessions, devices };
  }

  /**
   * Ends every session of the user and forgets every remembered device but the one
   * with `keepSelector` (null: none kept): a password change keeps the device it was
   * made on. Resolves how many sessions there were.
   */
  async ofUserButDevice(userId: UserId, keepSelector: string | null): Promise<number> {
    const ended = await this.sessions.destroyAllOfUser(userId);
    await this.forgetOtherDevices(userId, keepSelector);
    return ended;
  }

  /**
   * Forgets every remembered device of the user but the one with `keepSelector` (the
   * device that asks; null: none kept), for "log out of all other sessions". Resolves
   * how many were forgotten.
   */
  async forgetOtherDevices(userId: UserId, keepSelector: string | null): Promise<number> {
    return this.rememberTokens.deleteAllOfUser(userId, keepSelector ?? undefined);
  }

  /**
   * Forgets the remembered device that last started the session with this public handle,
   * so logging that session out does not let its device log straight back in.
   */
  async forgetDeviceOfSession(userId: UserId, sessionHandle: string): Promise<number> {
    return this.rememberTokens.deleteBySession(userId, sessionHandle);
  }

  /**
   * Ends the user's session with this public handle, and forgets the remembered device
   * that started it, so that device does not log straight back in. Resolves false,
   * ending nothing, when neither a session of this user live at `now` nor a remembered
   * device of theirs has it.
   */
  async one(userId: UserId, handle: string, now: number): Promise<boolean> {
    const ended = await this.sessions.destroyOfUser(userId, handle, now);
    const forgotten = await this.forgetDeviceOfSession(userId, handle);
    return ended || forgotten > 0;
  }

  /**
   * Ends every session of the user but the one with `keepHandle`, and forgets every
   * remembered device but the one with `keepSelector` (the device asking; null: none
   * kept). Resolves how many sessions ended.
   */
  async allExcept(userId: UserId, keepHandle: string, keepSelector: string | null): Promise<number> {
    const ended = await this.sessions.destroyAllOfUser(userId, keepHandle);
    await this.forgetOtherDevices(userId, keepSelector);
    return ended;
  }
}
