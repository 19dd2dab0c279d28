import type { Knex } from 'knex';

/** Passkeys (WebAuthn credentials): one row per credential, several per user. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('passkeys', (table) => {
    table.increments('id').primary();
    // No foreign key, as for the tokens: deleting a user deletes its passkeys in the same transaction.
    table.integer('user_id').unsigned().notNullable().index('passkeys_user_id_index');
    // base64url is case-sensitive, so MySQL compares it byte for byte. 512 characters
    // (384 bytes) keep the unique index within MySQL's key length; longer ids are refused.
    table.string('credential_id', 512).collate('utf8mb4_bin').notNullable().unique({ indexName: 'passkeys_credential_id_unique' });
    table.binary('public_key').notNullable();
    table.bigInteger('counter').notNullable();
    // Comma-separated, as the browser named them.
    table.string('transports', 255).notNullable();
    table.string('user_handle', 128).notNullable();
    table.string('name', 64).notNullable();
    table.boolean('backed_up').notNullable();
    // Epoch milliseconds, compared with the app's clock.
    table.bigInteger('created_at').notNullable();
    table.bigInteger('last_used_at').nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('passkeys');
}
