import type { Knex } from 'knex';
import type { NewToken, OneTimeTokens, StoredToken, TokenPurpose, TokenRecord } from '../../application/links/ports/one-time-tokens.js';
import type { UserId } from '../../domain/shared/user.js';
import { databaseClientOf } from '../persistence/database.js';

interface TokenRow {
  purpose: string;
  user_id: number;
  new_email: string | null;
  /** pg returns bigint columns as strings. */
  expires_at: number | string;
}

/** Single-use tokens in the `one_time_tokens` table; each query goes through the key or an index. */
export class KnexOneTimeTokens implements OneTimeTokens {
  /** SQLite runs one write transaction at a time; the servers need the lock in `issue`. */
  private readonly locksUsers: boolean;

  constructor(private readonly db: Knex) {
    this.locksUsers = databaseClientOf(db) !== 'sqlite';
  }

  async issue(token: NewToken): Promise<void> {
    // Inside a transaction, the user's row stays locked until it ends: of two links
    // issued at once, the second waits, then its delete sees (and removes) the first.
    // Without the lock both deletes find nothing and both links stay live.
    if (this.locksUsers) await this.db('users').select('id').where({ id: token.userId }).forUpdate();
    await this.db('one_time_tokens').where({ user_id: token.userId, purpose: token.purpose }).delete();
    await this.db('one_time_tokens').insert({
      token_hash: token.tokenHash,
      purpose: token.purpose,
      user_id: token.userId,
      new_email: token.newEmail,
      expires_at: token.expiresAt,
      used_at: null,
    });
  }

  async find(purpose: TokenPurpose, tokenHash: string, now: number): Promise<StoredToken | null> {
    const row = await this.live(purpose, tokenHash, now)
      .first<TokenRow | undefined>('purpose', 'user_id', 'new_email', 'expires_at');
    return row ? toToken(row) : null;
  }

  async consume(purpose: TokenPurpose, tokenHash: string, now: number): Promise<StoredToken | null> {
    // The update is the claim: of two callers at once, one changes the row and the other none.
    const found = await this.find(purpose, tokenHash, now);
    if (!found) return null;
    const changed = await this.live(purpose, tokenHash, now).update({ used_at: now });
    return changed > 0 ? found : null;
  }

  async listOfUser(userId: UserId): Promise<TokenRecord[]> {
    const rows = await this.db('one_time_tokens')
      .where({ user_id: userId })
      .orderBy([{ column: 'expires_at' }, { column: 'purpose' }])
      .select<(TokenRow & { used_at: number | string | null })[]>('purpose', 'user_id', 'new_email', 'expires_at', 'used_at');
    return rows.map((row) => ({ ...toToken(row), usedAt: row.used_at === null ? null : Number(row.used_at) }));
  }

  async deleteAllOfUser(userId: UserId, purpose?: TokenPurpose): Promise<number> {
    const query = this.db('one_time_tokens').where({ user_id: userId });
    return purpose ? query.andWhere({ purpose }).delete() : query.delete();
  }

  async purgeExpired(now: number): Promise<number> {
    return this.db('one_time_tokens')
      .where('expires_at', '<=', now)
      .orWhere('used_at', '<=', now)
      .delete();
  }

  private live(purpose: TokenPurpose, tokenHash: string, now: number): Knex.QueryBuilder {
    return this.db('one_time_tokens')
      .where({ token_hash: tokenHash, purpose })
      .whereNull('used_at')
      .andWhere('expires_at', '>', now);
  }
}

function toToken(row: TokenRow): StoredToken {
  return {
    purpose: row.purpose as TokenPurpose,
    userId: Number(row.user_id),
    newEmail: row.new_email,
    expiresAt: Number(row.expires_at),
  };
}
