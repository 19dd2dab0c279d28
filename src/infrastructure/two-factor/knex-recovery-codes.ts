import type { Knex } from 'knex';
import type { RecoveryCodes } from '../../application/two-factor/ports/recovery-codes.js';
import { sortUses } from './recovery-code-uses.js';
import type { UserId } from '../../domain/shared/user.js';

const TABLE = 'recovery_codes';

/** Recovery codes in the `recovery_codes` table, keyed by user and hash. */
export class KnexRecoveryCodes implements RecoveryCodes {
  constructor(private readonly db: Knex) {}

  async replace(userId: UserId, hashes: readonly string[]): Promise<void> {
    await this.db(TABLE).where({ user_id: userId }).delete();
    if (hashes.length === 0) return;
    await this.db(TABLE).insert(hashes.map((hash) => ({ user_id: userId, code_hash: hash, used_at: null })));
  }

  async use(userId: UserId, hash: string, now: number): Promise<boolean> {
    // The update is the claim: of two requests with one code, one changes the row.
    const changed = await this.db(TABLE)
      .where({ user_id: userId, code_hash: hash })
      .whereNull('used_at')
      .update({ used_at: now });
    return changed > 0;
  }

  async countUnused(userId: UserId): Promise<number> {
    const row = await this.db(TABLE).where({ user_id: userId }).whereNull('used_at').count<{ n: number | string }[]>({ n: '*' });
    return Number(row[0]?.n ?? 0);
  }

  async usesOfUser(userId: UserId): Promise<(number | null)[]> {
    const rows = await this.db(TABLE).where({ user_id: userId }).select<{ used_at: number | string | null }[]>('used_at');
    return sortUses(rows.map((row) => (row.used_at === null ? null : Number(row.used_at))));
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    return this.db(TABLE).where({ user_id: userId }).delete();
  }
}
