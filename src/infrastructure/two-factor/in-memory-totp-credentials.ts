import type { TotpCredential, TotpCredentials } from '../../application/two-factor/ports/totp-credentials.js';
import type { UserId } from '../../domain/shared/user.js';

/** TOTP credentials in process memory: for tests; passes the same contract as the Knex adapter. */
export class InMemoryTotpCredentials implements TotpCredentials {
  private rows = new Map<UserId, TotpCredential>();

  async find(userId: UserId): Promise<TotpCredential | null> {
    const row = this.rows.get(userId);
    return row ? { ...row } : null;
  }

  async savePending(userId: UserId, sealedSecret: string): Promise<boolean> {
    if (this.rows.get(userId)?.enabledAt != null) return false;
    this.rows.set(userId, { userId, sealedSecret, enabledAt: null, lastUsedStep: null });
    return true;
  }

  async enable(userId: UserId, sealedSecret: string, step: number, now: number): Promise<boolean> {
    const row = this.rows.get(userId);
    if (!row || row.enabledAt !== null || row.sealedSecret !== sealedSecret) return false;
    this.rows.set(userId, { ...row, enabledAt: now, lastUsedStep: step });
    return true;
  }

  async acceptStep(userId: UserId, step: number): Promise<boolean> {
    const row = this.rows.get(userId);
    if (!row || row.enabledAt === null || (row.lastUsedStep !== null && row.lastUsedStep >= step)) return false;
    this.rows.set(userId, { ...row, lastUsedStep: step });
    return true;
  }

  async reseal(userId: UserId, previous: string, next: string): Promise<boolean> {
    const row = this.rows.get(userId);
    if (row?.sealedSecret !== previous) return false;
    this.rows.set(userId, { ...row, sealedSecret: next });
    return true;
  }

  async listAfter(afterUserId: UserId, limit: number): Promise<TotpCredential[]> {
    return [...this.rows.values()]
      .filter((row) => row.userId > afterUserId)
      .sort((a, b) => a.userId - b.userId)
      .slice(0, limit)
      .map((row) => ({ ...row }));
  }

  async deleteOfUser(userId: UserId): Promise<boolean> {
    return this.rows.delete(userId);
  }

  /** A copy of everything stored, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const copy = new Map(this.rows);
    return () => {
      this.rows = copy;
    };
  }
}
