import type { NewToken, OneTimeTokens, StoredToken, TokenPurpose, TokenRecord } from '../../application/links/ports/one-time-tokens.js';
import type { UserId } from '../../domain/shared/user.js';

interface Entry extends NewToken {
  readonly usedAt: number | null;
}

/** Single-use tokens in process memory: for tests; passes the same contract as the Knex adapter. */
export class InMemoryOneTimeTokens implements OneTimeTokens {
  private readonly byHash = new Map<string, Entry>();

  async issue(token: NewToken): Promise<void> {
    await this.deleteAllOfUser(token.userId, token.purpose);
    this.byHash.set(token.tokenHash, { ...token, usedAt: null });
  }

  async find(purpose: TokenPurpose, tokenHash: string, now: number): Promise<StoredToken | null> {
    const entry = this.live(purpose, tokenHash, now);
    return entry ? toStored(entry) : null;
  }

  async consume(purpose: TokenPurpose, tokenHash: string, now: number): Promise<StoredToken | null> {
    // Checked and marked with no await between: one caller wins.
    const entry = this.live(purpose, tokenHash, now);
    if (!entry) return null;
    this.byHash.set(tokenHash, { ...entry, usedAt: now });
    return toStored(entry);
  }

  private live(purpose: TokenPurpose, tokenHash: string, now: number): Entry | null {
    const entry = this.byHash.get(tokenHash);
    if (!entry || entry.purpose !== purpose || entry.usedAt !== null || entry.expiresAt <= now) return null;
    return entry;
  }

  async listOfUser(userId: UserId): Promise<TokenRecord[]> {
    return [...this.byHash.values()]
      .filter((entry) => entry.userId === userId)
      .sort((a, b) => a.expiresAt - b.expiresAt || a.purpose.localeCompare(b.purpose))
      .map((entry) => ({ ...toStored(entry), usedAt: entry.usedAt }));
  }

  async deleteAllOfUser(userId: UserId, purpose?: TokenPurpose): Promise<number> {
    let count = 0;
    for (const [hash, entry] of this.byHash) {
      if (entry.userId === userId && (purpose === undefined || entry.purpose === purpose)) {
        this.byHash.delete(hash);
        count += 1;
      }
    }
    return count;
  }

  async purgeExpired(now: number): Promise<number> {
    let count = 0;
    for (const [hash, entry] of this.byHash) {
      if (entry.expiresAt <= now || (entry.usedAt !== null && entry.usedAt <= now)) {
        this.byHash.delete(hash);
        count += 1;
      }
    }
    return count;
  }

  /** A copy of everything stored, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const copy = new Map(this.byHash);
    return () => {
      this.byHash.clear();
      for (const [key, value] of copy) this.byHash.set(key, value);
    };
  }
}

function toStored(entry: Entry): StoredToken {
  return { purpose: entry.purpose, userId: entry.userId, newEmail: entry.newEmail, expiresAt: entry.expiresAt };
}
