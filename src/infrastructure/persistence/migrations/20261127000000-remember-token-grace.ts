import type { Knex } from 'knex';

/** Whether a remembered device's previous validator has had its one login within the grace. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('remember_tokens', (table) => {
    // Epoch milliseconds of that login; null until it happens, and again after each rotation.
    table.bigInteger('grace_used_at').nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('remember_tokens', (table) => {
    table.dropColumn('grace_used_at');
  });
}
