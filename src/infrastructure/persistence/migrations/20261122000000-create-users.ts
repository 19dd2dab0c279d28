import type { Knex } from 'knex';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('users', (table) => {
    table.increments('id').primary();
    // Emails are stored normalised, so a plain unique index is case-insensitive in effect.
    table.string('email', 254).notNullable().unique('users_email_unique');
    table.string('password_hash', 100).notNullable();
    table.string('phone', 32).nullable();
    table.boolean('admin').notNullable().defaultTo(false);
    table.dateTime('created_at', { precision: 3 }).notNullable();
    table.dateTime('updated_at', { precision: 3 }).notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('users');
}
