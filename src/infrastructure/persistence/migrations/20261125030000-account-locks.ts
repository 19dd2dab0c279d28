import type { Knex } from 'knex';
import { databaseClientOf } from '../database-client.js';

/** Accounts an administrator locked, the last login, and the index of the email searches on PostgreSQL. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    // Epoch milliseconds; null while the account is not locked.
    table.bigInteger('locked_at').nullable();
    // Epoch milliseconds of the latest successful login; null before the first.
    table.bigInteger('last_login_at').nullable();
  });
  // The email searches of PostgreSQL compare and order in byte order (`COLLATE "C"`),
  // which the unique index, in the database's collation, cannot serve; this one can
  // (knex-user-criteria.ts). SQLite and MySQL search through the unique index itself.
  if (databaseClientOf(db) === 'postgres') {
    await db.raw('create index users_email_bytes_index on users ((email collate "C"))');
  }
}

export async function down(db: Knex): Promise<void> {
  if (databaseClientOf(db) === 'postgres') await db.raw('drop index users_email_bytes_index');
  await db.schema.alterTable('users', (table) => {
    table.dropColumn('last_login_at');
    table.dropColumn('locked_at');
  });
}
