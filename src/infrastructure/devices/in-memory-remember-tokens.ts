import type {
  NewRememberToken,
  RememberRotation,
  RememberToken,
  RememberTokens,
} from '../../application/devices/ports/remember-tokens.js';
import type { UserId } from '../../domain/shared/user.js';

/**
 * Remembered devices in process memory: for tests and demos. It hands out copies,
 * enforces the unique selector and handle of the SQL table, and passes the same
 * contract suite as the Knex adapter.
 */
export class InMemoryRememberTokens implements RememberTokens {
  private readonly bySelector = new Map<string, RememberToken>();

  async issue(token: NewRememberToken): Promise<void> {
    const taken = [...this.bySelector.values()].some(
      (stored) => stored.selector === token.selector || stored.handle === token.handle,
    );
    if (taken) throw new Error('remember token: the selector or handle is taken');
    this.bySelector.set(token.selector, {
      ...token,
      previousValidatorHash: null,
      rotatedAt: null,
      lastUsedAt: token.createdAt,
    });
  }

  async find(selector: string, now: number): Promise<RememberToken | null> {
    const token = this.live(selector, now);
    return token ? { ...token } : null;
  }

  async rotate(selector: string, fromValidatorHash: string, rotation: RememberRotation, now: number): Promise<boolean> {
    // Checked and written with no await between: of two callers, one wins.
    const token = this.live(selector, now);
    if (!token || token.validatorHash !== fromValidatorHash) return false;
    this.bySelector.set(selector, {
      ...token,
      ...rotation,
      previousValidatorHash: fromValidatorHash,
      rotatedAt: now,
      lastUsedAt: now,
    });
    return true;
  }

  async listOfUser(userId: UserId, now: number): Promise<RememberToken[]> {
    return [...this.bySelector.values()]
      .filter((token) => token.userId === userId && token.expiresAt > now)
      .sort((a, b) => b.lastUsedAt - a.lastUsedAt)
      .map((token) => ({ ...token }));
  }

  async delete(userId: UserId, selector: string): Promise<boolean> {
    return this.deleteWhere((token) => token.userId === userId && token.selector === selector) > 0;
  }

  async deleteByHandle(userId: UserId, handle: string): Promise<boolean> {
    return this.deleteWhere((token) => token.userId === userId && token.handle === handle) > 0;
  }

  async deleteBySession(userId: UserId, sessionHandle: string): Promise<number> {
    return this.deleteWhere((token) => token.userId === userId && token.sessionHandle === sessionHandle);
  }

  async deleteAllOfUser(userId: UserId, exceptSelector?: string): Promise<number> {
    return this.deleteWhere((token) => token.userId === userId && token.selector !== exceptSelector);
  }

  async purgeExpired(now: number): Promise<number> {
    return this.deleteWhere((token) => token.expiresAt <= now);
  }

  private live(selector: string, now: number): RememberToken | null {
    const token = this.bySelector.get(selector);
    return token && token.expiresAt > now ? token : null;
  }

  private deleteWhere(matches: (token: RememberToken) => boolean): number {
    let count = 0;
    for (const [selector, token] of this.bySelector) {
      if (matches(token)) {
        this.bySelector.delete(selector);
        count += 1;
      }
    }
    return count;
  }
}
