import type { Knex } from 'knex';
import type { TotpCredential, TotpCredentials } from '../../application/two-factor/ports/totp-credentials.js';
import type { UserId } from '../../domain/shared/user.js';

interface Row {
  user_id: number;
  sealed_secret: string;
  /** pg returns bigint columns as strings. */
  enabled_at: number | string | null;
  last_used_step: number | string | null;
}

const TABLE = 'totp_credentials';

/** TOTP credentials in the `totp_credentials` table; each write that must not race is one conditional statement. */
export class KnexTotpCredentials implements TotpCredentials {
  constructor(private readonly db: Knex) {}

  async find(userId: UserId): Promise<TotpCredential | null> {
    const row = await this.db(TABLE).where({ user_id: userId }).first<Row | undefined>();
    return row ? toCredential(row) : null;
  }

  async savePending(userId: UserId, sealedSecret: string): Promise<boolean> {
    const replaced = await this.db(TABLE)
      .where({ user_id: userId })
      .whereNull('enabled_at')
      .update({ sealed_secret: sealedSecret, last_used_step: null });
    if (replaced > 0) return true;
    // No row, or one switched on: the insert adds the first and leaves the second alone.
    await this.db(TABLE)
      .insert({ user_id: userId, sealed_secret: sealedSecret, enabled_at: null, last_used_step: null })
      .onConflict('user_id')
      .ignore();
    // A racing setup's secret may be the one stored (a double click): it is being set up all the same.
    return (await this.find(userId))?.enabledAt === null;
  }

  async enable(userId: UserId, sealedSecret: string, step: number, now: number): Promise<boolean> {
    const changed = await this.db(TABLE)
      .where({ user_id: userId, sealed_secret: sealedSecret })
      .whereNull('enabled_at')
      .update({ enabled_at: now, last_used_step: step });
    return changed > 0;
  }

  async acceptStep(userId: UserId, step: number): Promise<boolean> {
    // The compare and the set in one statement: of two requests with one code, one wins.
    const changed = await this.db(TABLE)
      .where({ user_id: userId })
      .whereNotNull('enabled_at')
      .andWhere((later) => later.whereNull('last_used_step').orWhere('last_used_step', '<', step))
      .update({ last_used_step: step });
    return changed > 0;
  }

  async reseal(userId: UserId, previous: string, next: string): Promise<boolean> {
    const changed = await this.db(TABLE).where({ user_id: userId, sealed_secret: previous }).update({ sealed_secret: next });
    return changed > 0;
  }

  async listAfter(afterUserId: UserId, limit: number): Promise<TotpCredential[]> {
    const rows = await this.db(TABLE).where('user_id', '>', afterUserId).orderBy('user_id').limit(limit).select<Row[]>();
    return rows.map(toCredential);
  }

  async deleteOfUser(userId: UserId): Promise<boolean> {
    return (await this.db(TABLE).where({ user_id: userId }).delete()) > 0;
  }
}

function toCredential(row: Row): TotpCredential {
  return {
    userId: Number(row.user_id),
    sealedSecret: row.sealed_secret,
    enabledAt: row.enabled_at === null ? null : Number(row.enabled_at),
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
  };
}
