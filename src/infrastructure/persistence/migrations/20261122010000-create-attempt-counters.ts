import type { Knex } from 'knex';

/** Windows of the login and sign-up throttle (KnexAttemptCounter). */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('attempt_counters', (table) => {
    // SHA-256 of the key in hex: no email or address is stored in the clear.
    table.string('key_hash', 64).primary();
    table.integer('attempts').notNullable();
    // Milliseconds since the epoch, compared with the app's clock, not the database's.
    table.bigInteger('resets_at').notNullable().index('attempt_counters_resets_at_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('attempt_counters');
}
