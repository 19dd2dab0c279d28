import type { Knex } from 'knex';

/** Remembered devices ("Keep me logged in on this device"): one row per device and user. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('remember_tokens', (table) => {
    // The cookie's first part, random: every use looks the row up by it. base64url is
    // case-sensitive, so MySQL compares it byte for byte (the other databases always do).
    table.string('selector', 64).collate('utf8mb4_bin').primary();
    // The public name on the sessions page, which opens nothing.
    table.string('handle', 32).notNullable().unique({ indexName: 'remember_tokens_handle_unique' });
    // SHA-256 in hex of the cookie's second part; the validator itself is never stored.
    table.string('validator_hash', 64).notNullable();
    // The validator before the last rotation, and when it rotated: a replayed older cookie is theft.
    table.string('previous_validator_hash', 64).nullable();
    table.bigInteger('rotated_at').nullable();
    // No foreign key, as for one_time_tokens: the user's tokens go with the account in the use case.
    table.integer('user_id').unsigned().notNullable().index('remember_tokens_user_id_index');
    table.string('session_handle', 32).nullable();
    // Epoch milliseconds, compared with the app's clock.
    table.bigInteger('created_at').notNullable();
    table.bigInteger('last_used_at').notNullable();
    table.bigInteger('expires_at').notNullable().index('remember_tokens_expires_at_index');
    table.string('user_agent', 512).notNullable();
    table.string('ip', 64).notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('remember_tokens');
}
