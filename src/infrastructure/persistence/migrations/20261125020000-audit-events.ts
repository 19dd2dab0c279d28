import type { Knex } from 'knex';

/** The audit trail: each account's security events, shown on its activity page. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('audit_events', (table) => {
    // The order of a user's events, and the keyset of the activity page.
    table.bigIncrements('id').primary();
    // No foreign key: deleting a user deletes its events in the same transaction, and the
    // contract suites empty the users table between tests.
    table.integer('user_id').unsigned().notNullable();
    table.index(['user_id', 'id'], 'audit_events_user_id_index');
    table.string('type', 40).notNullable();
    // The administrator who acted on the account; null when its owner did, or the command line.
    table.integer('actor_id').unsigned().nullable();
    // Null when no request was involved (the command line).
    table.string('ip', 64).nullable();
    table.string('user_agent', 512).nullable();
    table.string('request_id', 128).nullable();
    // Epoch milliseconds, compared with the app's clock by the retention purge.
    table.bigInteger('created_at').notNullable().index('audit_events_created_at_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('audit_events');
}
