import type { Knex } from 'knex';

/**
 * The administrators' audit trail, in the audit_events table: an act keeps its target's
 * address, so the act stays readable once the target is deleted (the act's row outlives
 * the account; its activity does not). Two indexes for the trail page:
 * (type, actor_id, id) serves every act, a kind, and an actor (an administrator, or
 * the command line's null) as ranges of the act kinds alone; an index on actor_id
 * alone would hold every activity row under null. (target_email, id) serves a target.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('audit_events', (table) => {
    // Null on every row but an administrator's act, and on acts stored before this column.
    table.string('target_email', 254).nullable();
    table.index(['type', 'actor_id', 'id'], 'audit_events_type_index');
    table.index(['target_email', 'id'], 'audit_events_target_email_index');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('audit_events', (table) => {
    table.dropIndex(['target_email', 'id'], 'audit_events_target_email_index');
    table.dropIndex(['type', 'actor_id', 'id'], 'audit_events_type_index');
    table.dropColumn('target_email');
  });
}
