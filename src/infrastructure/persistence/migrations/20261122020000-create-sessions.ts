import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('sessions', (table) => {
    // 256-bit ids in base64url are 43 characters; ASCII, so the key stays small on MySQL.
    table.string('id', 64).primary();
    table.integer('user_id').unsigned().nullable().index('sessions_user_id_index');
    table.text('data').notNullable();
    // Epoch milliseconds: compared with the app's clock, the same on every database.
    table.bigInteger('expires_at').notNullable().index('sessions_expires_at_index');
    table.bigInteger('absolute_expires_at').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('sessions');
}
