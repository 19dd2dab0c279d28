import type { Knex } from 'knex';

/** Authenticator secrets (sealed) and recovery codes (hashed): the second factor of a login. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('totp_credentials', (table) => {
    // One per user. No foreign key, as for the other tables of a user: deleting a user
    // deletes these rows in the same transaction (DeleteAccount, DeleteUser).
    table.integer('user_id').unsigned().primary();
    // AES-256-GCM, with the id of its key: `v1.<key id>.<iv>.<ciphertext>.<tag>`.
    table.string('sealed_secret', 255).notNullable();
    // Epoch milliseconds of the first code that confirmed it; null while being set up.
    table.bigInteger('enabled_at').nullable();
    // The time step of the latest accepted code: a code of this step or an older one is refused.
    table.bigInteger('last_used_step').nullable();
  });
  await db.schema.createTable('recovery_codes', (table) => {
    table.integer('user_id').unsigned().notNullable();
    // SHA-256 in hex of the normalised code; the code itself is never stored.
    table.string('code_hash', 64).notNullable();
    table.primary(['user_id', 'code_hash']);
    // Epoch milliseconds; null while the code is unused.
    table.bigInteger('used_at').nullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('recovery_codes');
  await db.schema.dropTable('totp_credentials');
}
