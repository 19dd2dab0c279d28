import type { Knex } from 'knex';

/** The language each user chose for pages and mail: a locale code (`en`, `de`), null until chosen. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    table.string('locale', 16).nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    table.dropColumn('locale');
  });
}
