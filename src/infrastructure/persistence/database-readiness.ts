import type { Knex } from 'knex';
import type { ReadinessCheck } from '../../application/shared/ports/readiness-check.js';

/** Readiness of the database: a trivial query answers. */
export function databaseReadiness(db: Knex): ReadinessCheck {
  return {
    name: 'database',
    async check() {
      await db.raw('select 1');
    },
  };
}
