import type { Knex } from 'knex';

/**
 * What the sessions page shows of each session: a random public handle (never the id),
 * the User-Agent and address, when it began and when it was last used.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('sessions', (table) => {
    // 128 random bits in hex; looked up only together with user_id, through its index.
    table.string('handle', 32).nullable();
    table.string('user_agent', 512).nullable();
    // An IPv6 address with a zone fits; Koa's `ctx.ip` (behind TRUST_PROXY, the forwarded one).
    table.string('ip', 64).nullable();
    // Epoch milliseconds; null for sessions stored before this migration, until used again.
    table.bigInteger('created_at').nullable();
    table.bigInteger('last_seen_at').nullable();
  });
  // Every session alive now gets a handle of its own, so it can be listed and logged out.
  await db('sessions').whereNull('handle').update({ handle: db.raw(randomHandleSql(db)) });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('sessions', (table) => {
    table.dropColumn('last_seen_at');
    table.dropColumn('created_at');
    table.dropColumn('ip');
    table.dropColumn('user_agent');
    table.dropColumn('handle');
  });
}

/**
 * 32 hex characters, different for each row, from the database's own functions: the
 * migration runs inside knex's transaction, whose `userParams` do not name the
 * database, so the driver's name decides.
 */
function randomHandleSql(db: Knex): string {
  const driver = String((db.client as { config: { client?: unknown } }).config.client);
  if (driver === 'better-sqlite3') return 'lower(hex(randomblob(16)))';
  if (driver === 'mysql2') return 'md5(concat(uuid(), rand()))';
  if (driver === 'pg') return 'md5(random()::text || clock_timestamp()::text)';
  throw new Error(`session handles: no random expression for the database driver ${driver}`);
}
