import type { Knex } from 'knex';

/**
 * The administrators' audit trail, in the audit_events table: an act keeps its target's
 * address, so the act stays readable once the target is deleted (the act's row outlives
 * the account; its activity does not). Indexes for the trail page's filters: by kind
 * (and every act, a range of each kind), by acting administrator, by target.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('audit_events', (table) => {
    // Null on every row but an administrator's act, and on acts stored before this column.
    table.string('target_email', 254).nullable();
    table.index(['type', 'id'], 'audit_events_type_index');
    table.index(['actor_id', 'id'], 'audit_events_actor_id_index');
    table.index(['target_email', 'id'], 'audit_events_target_email_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('audit_events', (table) => {
    table.dropIndex(['target_email', 'id'], 'audit_events_target_email_index');
    table.dropIndex(['actor_id', 'id'], 'audit_events_actor_id_index');
    table.dropIndex(['type', 'id'], 'audit_events_type_index');
    table.dropColumn('target_email');
  });
}
