import type { Knex } from 'knex';
import type { DatabaseUrl } from './database-url.js';

/**
 * The kind of database a pool opened with `knexConfig` talks to, from knex's documented
 * `userParams`, for the few statements whose form differs; undefined for another pool.
 */
export function databaseClientOf(db: Knex): DatabaseUrl['client'] | undefined {
  const client: unknown = db.userParams.client;
  return client === 'sqlite' || client === 'mysql' || client === 'postgres' ? client : undefined;
}
