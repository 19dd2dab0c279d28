import type { Knex } from 'knex';
import type { UserId } from '../../domain/shared/user.js';
import type { SecondFactorGrace } from '../../application/two-factor/ports/second-factor-grace.js';

/** The grace's start in `users.second_factor_grace_from`: set only while null, so the first writer wins. */
export class KnexSecondFactorGrace implements SecondFactorGrace {
  constructor(private readonly db: Knex) {}

  async startOnce(userId: UserId, now: number): Promise<number> {
    await this.db('users').where({ id: userId }).whereNull('second_factor_grace_from').update({ second_factor_grace_from: now });
    const row = await this.db('users').where({ id: userId }).first<{ second_factor_grace_from: number | string | null } | undefined>(
      'second_factor_grace_from',
    );
    // A deleted account has no row: its grace starts now, and no page will ask again.
    return row?.second_factor_grace_from == null ? now : Number(row.second_factor_grace_from);
  }
}
