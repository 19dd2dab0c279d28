import type { Knex } from 'knex';

/**
 * Accounts at sign-in providers linked to users, one per (provider, subject) and one per
 * provider and user; the users made by a provider's sign-up who have no password; and
 * which provider an account's activity event was with.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('linked_identities', (table) => {
    table.increments('id').primary();
    // No foreign key, as for passkeys: deleting a user deletes its links in the same transaction.
    table.integer('user_id').unsigned().notNullable();
    table.string('provider', 32).notNullable();
    // A provider's identifier is case-sensitive, so MySQL compares it byte for byte.
    table.string('subject', 255).collate('utf8mb4_bin').notNullable();
    table.string('email', 254).notNullable();
    // Epoch milliseconds, compared with the app's clock.
    table.bigInteger('linked_at').notNullable();
    table.bigInteger('last_used_at').nullable();
    table.unique(['provider', 'subject'], { indexName: 'linked_identities_provider_subject_unique' });
    table.unique(['user_id', 'provider'], { indexName: 'linked_identities_user_provider_unique' });
  });
  await db.schema.createTable('passwordless_accounts', (table) => {
    table.integer('user_id').unsigned().notNullable().primary();
  });
  await db.schema.alterTable('audit_events', (table) => {
    // Null on every event but one with a sign-in provider.
    table.string('provider', 32).nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('audit_events', (table) => {
    table.dropColumn('provider');
  });
  await db.schema.dropTable('passwordless_accounts');
  await db.schema.dropTable('linked_identities');
}
