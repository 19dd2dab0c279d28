import type { RecoveryCodes } from '../../application/two-factor/ports/recovery-codes.js';
import type { UserId } from '../../domain/shared/user.js';
import { sortUses } from './recovery-code-uses.js';

interface Row {
  readonly userId: UserId;
  readonly hash: string;
  readonly usedAt: number | null;
}

/** Recovery codes in process memory: for tests; passes the same contract as the Knex adapter. */
export class InMemoryRecoveryCodes implements RecoveryCodes {
  private rows: Row[] = [];

  async replace(userId: UserId, hashes: readonly string[]): Promise<void> {
    this.rows = [...this.rows.filter((row) => row.userId !== userId), ...hashes.map((hash) => ({ userId, hash, usedAt: null }))];
  }

  async use(userId: UserId, hash: string, now: number): Promise<boolean> {
    const index = this.rows.findIndex((row) => row.userId === userId && row.hash === hash && row.usedAt === null);
    const row = this.rows[index];
    if (!row) return false;
    this.rows[index] = { ...row, usedAt: now };
    return true;
  }

  async countUnused(userId: UserId): Promise<number> {
    return this.rows.filter((row) => row.userId === userId && row.usedAt === null).length;
  }

  async usesOfUser(userId: UserId): Promise<(number | null)[]> {
    return sortUses(this.rows.filter((row) => row.userId === userId).map((row) => row.usedAt));
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    const before = this.rows.length;
    this.rows = this.rows.filter((row) => row.userId !== userId);
    return before - this.rows.length;
  }

  /** A copy of everything stored, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const copy = [...this.rows];
    return () => {
      this.rows = copy;
    };
  }
}
