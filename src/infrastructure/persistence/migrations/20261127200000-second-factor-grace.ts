import type { Knex } from 'knex';

/** When each account's REQUIRE_2FA_GRACE_DAYS began. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    // Epoch milliseconds of the account's first login under the policy; null until then.
    table.bigInteger('second_factor_grace_from').nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    table.dropColumn('second_factor_grace_from');
  });
}
