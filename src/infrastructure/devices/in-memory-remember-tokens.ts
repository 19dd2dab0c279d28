import type {
  NewRememberToken,
  RememberRotation,
  RememberToken,
  RememberTokens,
} from '../../application/devices/ports/remember-tokens.js';
import type { UserId } from '../../domain/shared/user.js';

/** A token as kept here: with when its previous validator had its grace login, as the SQL column. */
interface StoredToken extends RememberToken {
  readonly graceUsedAt: number | null;
}

/**
 * Remembered devices in process memory: for tests and demos. It hands out copies,
 * enforces the unique selector and handle of the SQL table, and passes the same
 * contract suite as the Knex adapter.
 */
export class InMemoryRememberTokens implements RememberTokens {
  private readonly bySelector = new Map<string, StoredToken>();

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
      graceUsedAt: null,
    });
  }

  async find(selector: string, now: number): Promise<RememberToken | null> {
    const token = this.live(selector, now);
    return token ? copyOf(token) : null;
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
      graceUsedAt: null,
    });
    return true;
  }

  async useGrace(selector: string, previousValidatorHash: string, now: number): Promise<boolean> {
    // Checked and written with no await between, as `rotate`.
    const token = this.live(selector, now);
    if (!token || token.previousValidatorHash !== previousValidatorHash || token.graceUsedAt !== null) return false;
    this.bySelector.set(selector, { ...token, graceUsedAt: now });
    return true;
  }

  async listOfUser(userId: UserId, now: number): Promise<RememberToken[]> {
    return [...this.bySelector.values()]
      .filter((token) => token.userId === userId && token.expiresAt > now)
      .sort((a, b) => b.lastUsedAt - a.lastUsedAt)
      .map(copyOf);
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

  async deleteAll(): Promise<number> {
    return this.deleteWhere(() => true);
  }

  async purgeExpired(now: number): Promise<number> {
    return this.deleteWhere((token) => token.expiresAt <= now);
  }

  /** A copy of everything stored, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const copy = new Map([...this.bySelector].map(([selector, token]) => [selector, { ...token }]));
    return () => {
      this.bySelector.clear();
      for (const [selector, token] of copy) this.bySelector.set(selector, token);
    };
  }

  private live(selector: string, now: number): StoredToken | null {
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

/** A copy to hand out, as the port's `RememberToken`. */
function copyOf(stored: StoredToken): RememberToken {
  const { graceUsedAt: _graceUsedAt, ...token } = stored;
  return token;
}
