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
import * as knownDevices from './20261127100000-known-devices.js';
import * as adminTrail from './20261127120000-admin-trail.js';
import * as secondFactorGrace from './20261127200000-second-factor-grace.js';
import * as userLocale from './20261127210000-user-locale.js';
import * as linkedIdentities from './20261128000000-linked-identities.js';

/**
 * A migration known at build time, so that no file-system scan or loader is needed. One
 * that cannot be undone has no `down` and says why in `irreversible`: `migrate down`
 * refuses it and changes nothing.
 */
export type Migration =
  | { readonly name: string; up(db: Knex): Promise<void>; down(db: Knex): Promise<void> }
  | { readonly name: string; up(db: Knex): Promise<void>; readonly irreversible: string };

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
  { name: '20261127100000-known-devices', ...knownDevices },
  { name: '20261127120000-admin-trail', ...adminTrail },
  { name: '20261127200000-second-factor-grace', ...secondFactorGrace },
  { name: '20261127210000-user-locale', ...userLocale },
  { name: '20261128000000-linked-identities', ...linkedIdentities },
];

/** A knex migration source over a list of migrations, oldest first. */
export function listedMigrations(list: readonly Migration[]): Knex.MigrationSource<Migration> {
  return {
    getMigrations: async () => [...list],
    getMigrationName: (migration) => migration.name,
    // Knex runs only migrations with both functions; an irreversible one's `down` refuses,
    // inside knex's transaction, should anything reach it past `migrateDown`'s own check.
    getMigration: async (migration) =>
      'down' in migration ? migration : { up: migration.up, down: () => Promise.reject(new IrreversibleMigration(migration)) },
  };
}

/** The refusal of a migration that cannot go down. */
export class IrreversibleMigration extends Error {
  constructor(migration: { readonly name: string; readonly irreversible: string }) {
    super(`${migration.name} cannot be rolled back: ${migration.irreversible}`);
    this.name = 'IrreversibleMigration';
  }
}

/** Knex migration source over the list above. */
export const migrationSource = listedMigrations(migrations);
