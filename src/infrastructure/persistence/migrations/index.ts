import type { Knex } from 'knex';
import * as createAttemptCounters from './20261122010000-create-attempt-counters.js';
import * as createUsers from './20261122000000-create-users.js';
import * as createSessions from './20261122020000-create-sessions.js';
import * as accountLifecycle from './20261124000000-account-lifecycle.js';
import * as sessionDevices from './20261125000000-session-devices.js';
import * as rememberTokens from './20261125010000-remember-tokens.js';
import * as auditEvents from './20261125020000-audit-events.js';
import * as accountLocks from './20261125030000-account-locks.js';
import * as passkeys from './20261126010000-passkeys.js';
import * as twoFactorCodes from './20261126020000-two-factor-codes.js';
import * as rememberTokenGrace from './20261127000000-remember-token-grace.js';

/** A migration known at build time, so that no file-system scan or loader is needed. */
interface Migration {
  readonly name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/** Every migration, oldest first. Append new ones; never edit an applied one. */
const migrations: readonly Migration[] = [
  { name: '20261122000000-create-users', ...createUsers },
  { name: '20261122010000-create-attempt-counters', ...createAttemptCounters },
  { name: '20261122020000-create-sessions', ...createSessions },
  { name: '20261124000000-account-lifecycle', ...accountLifecycle },
  { name: '20261125000000-session-devices', ...sessionDevices },
  { name: '20261125010000-remember-tokens', ...rememberTokens },
  { name: '20261125020000-audit-events', ...auditEvents },
  { name: '20261125030000-account-locks', ...accountLocks },
  { name: '20261126010000-passkeys', ...passkeys },
  { name: '20261126020000-two-factor-codes', ...twoFactorCodes },
  { name: '20261127000000-remember-token-grace', ...rememberTokenGrace },
];

/** Knex migration source over the list above. */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...migrations],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
