import type { Knex } from 'knex';

/** Email verification, the single-use tokens sent by email, and the outbox of messages to send. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    // Epoch milliseconds when the owner proved the mailbox; null while unverified.
    table.bigInteger('email_verified_at').nullable();
  });
  await db.schema.createTable('one_time_tokens', (table) => {
    // SHA-256 of the secret in hex; the secret itself is never stored.
    table.string('token_hash', 64).primary();
    table.string('purpose', 32).notNullable();
    // No foreign key: deleting a user deletes its tokens in the same transaction, and the
    // contract suites empty the users table between tests.
    table.integer('user_id').unsigned().notNullable();
    table.index(['user_id', 'purpose'], 'one_time_tokens_user_purpose_index');
    table.string('new_email', 254).nullable();
    // Epoch milliseconds, compared with the app's clock.
    table.bigInteger('expires_at').notNullable().index('one_time_tokens_expires_at_index');
    table.bigInteger('used_at').nullable();
  });
  await db.schema.createTable('mail_outbox', (table) => {
    table.bigIncrements('id').primary();
    // OutgoingMail's kind, and the whole message as JSON (it may hold a link: the row is
    // deleted once delivered).
    table.string('kind', 40).notNullable();
    table.text('payload').notNullable();
    // pending (waiting or being sent) or failed (refused for good, or out of retries).
    table.string('status', 16).notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    // Epoch milliseconds: when the next attempt may start; a claim moves it past the
    // claim's end, so a crashed sender's message is taken up again after it.
    table.bigInteger('next_attempt_at').notNullable();
    table.index(['status', 'next_attempt_at'], 'mail_outbox_status_next_attempt_index');
    // Who holds the current claim (random per claim), so only the holder settles it.
    table.string('claim', 64).nullable();
    table.string('last_error', 500).nullable();
    table.bigInteger('created_at').notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('mail_outbox');
  await db.schema.dropTable('one_time_tokens');
  await db.schema.alterTable('users', (table) => {
    table.dropColumn('email_verified_at');
  });
}
