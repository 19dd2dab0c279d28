import type { ExportPersonalData } from '../application/accounts/export-personal-data.js';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Administration } from '../application/administration/administration.js';
import type { ExportAdminTrail } from '../application/audit/export-admin-trail.js';
import type { GetMailStatus } from '../application/mail/get-mail-status.js';
import type { ListUsers } from '../application/administration/list-users.js';
import type { CreatePasswordResetLink } from '../application/links/create-password-reset-link.js';
import type { Logger } from '../application/shared/ports/logger.js';
import type { SecurityEvents } from '../application/shared/ports/security-events.js';
import type { RetryFailedMail } from '../application/mail/retry-failed-mail.js';
import type { RequestPasswordReset } from '../application/links/request-password-reset.js';
import type { RequestLoginCode } from '../application/accounts/request-login-code.js';
import type { RekeyTotpSecrets } from '../application/two-factor/rekey-totp-secrets.js';
import type { DeliveryLoop } from './mail/delivery-loop.js';
import { migrateDown, type MigrateDownResult } from './persistence/migrate-down.js';
import { migrateToLatest, releaseMigrationLock } from './persistence/migrate-to-latest.js';
import { migrationStatus, type MigrationStatus } from './persistence/migration-status.js';
import { type PurgeTarget, schedulePurge } from './persistence/purge-schedule.js';
import type { Closable } from './shutdown.js';

/**
 * What a Gatehouse process runs, built by the composition root (container.ts) from one
 * configuration. `npm start`, `npm run cli` and the tests that start the app as
 * `npm start` does all take it from there, so they run the same wiring.
 */
export interface Gatehouse {
  /** Applies pending migrations; resolves the names applied (none when up to date). */
  migrate(): Promise<string[]>;
  /** Clears a migration lock that a crashed run left set; resolves whether it was set. */
  releaseMigrationLock(): Promise<boolean>;
  /** Where the database stands against this version's migrations (`npm run cli -- migrate status`). */
  migrationStatus(): Promise<MigrationStatus>;
  /** Undoes the newest migration, one step, or says why not (`npm run cli -- migrate down`). */
  migrateDown(): Promise<MigrateDownResult>;
  /** The outbox's counts and backlog (`npm run cli -- mail status`). */
  readonly mailStatus: GetMailStatus;
  /** Queues failed messages again (`npm run cli -- mail retry`). */
  readonly retryFailedMail: RetryFailedMail;
  /** Makes a password reset link without sending mail (`npm run cli -- user reset-link`). */
  readonly createPasswordResetLink: CreatePasswordResetLink;
  /** Lists and searches users (`npm run cli -- user list`). */
  readonly listUsers: ListUsers;
  /**
   * What an administrator does to one user (`npm run cli -- admin grant|revoke`,
   * `user show|lock|unlock|delete|reset-two-factor`, `sessions revoke`); each records its own act.
   */
  readonly administration: Administration;
  /** Everything stored about a user, as one document (`npm run cli -- user export`). */
  readonly exportPersonalData: ExportPersonalData;
  /** The administrators' acts since a time, for an auditor (`npm run cli -- audit export`). */
  readonly exportAdminTrail: ExportAdminTrail;
  /** Seals every TOTP secret with the newest data key (`npm run cli -- two-factor rekey`); built on first use. */
  readonly rekeyTotpSecrets: () => RekeyTotpSecrets;
  /**
   * Builds the web app on the configured adapters (once), and starts deleting expired
   * sessions, used or expired link tokens, expired remembered devices and security
   * events past their retention, and delivering queued mail, in the background: what a
   * serving process runs. A process that only migrates or
   * supervises workers never calls it, so it opens no Redis or SMTP connection.
   */
  start(): Koa;
  /** What a shutdown closes after the HTTP server, in order; each closes only what was opened. */
  readonly resources: readonly Closable[];
}

/** What a Gatehouse is made of; the web parts are built by the first `start()`. */
export interface GatehouseParts {
  readonly db: Knex;
  readonly mailStatus: GetMailStatus;
  readonly retryFailedMail: RetryFailedMail;
  readonly createPasswordResetLink: CreatePasswordResetLink;
  readonly listUsers: ListUsers;
  readonly administration: Administration;
  readonly exportPersonalData: ExportPersonalData;
  readonly exportAdminTrail: ExportAdminTrail;
  readonly rekeyTotpSecrets: () => RekeyTotpSecrets;
  readonly app: () => Koa;
  /** Starts the background delivery of queued mail. */
  readonly startMailDelivery: () => DeliveryLoop;
  /** Every feature's store of records that expire (sessions, link tokens, remembered devices, old events). */
  readonly purgeTargets: () => readonly PurgeTarget[];
  /** Password reset requests still writing their link after the answer: a shutdown waits for them. */
  readonly requestPasswordReset: () => RequestPasswordReset;
  /** Login code requests (EMAIL_CODE_LOGIN) still writing their code after the answer: a shutdown waits for them too. */
  readonly requestLoginCode: () => RequestLoginCode;
  /** Events still being stored after their answer (a failed login): a shutdown waits for them. */
  readonly securityEvents: () => SecurityEvents;
  /** Quits the Redis client, when Redis is configured. */
  readonly redis: Closable | null;
  /** Where a failed purge of expired sessions or tokens is reported. */
  readonly logger: Logger;
}

/** A Gatehouse on these parts. */
export function assembleGatehouse(parts: GatehouseParts): Gatehouse {
  const { db, logger } = parts;
  let stopPurge: (() => void) | null = null;
  let mailDelivery: DeliveryLoop | null = null;
  let started = false;
  return {
    migrate: () => migrateToLatest(db),
    releaseMigrationLock: () => releaseMigrationLock(db),
    migrationStatus: () => migrationStatus(db),
    migrateDown: () => migrateDown(db),
    mailStatus: parts.mailStatus,
    retryFailedMail: parts.retryFailedMail,
    createPasswordResetLink: parts.createPasswordResetLink,
    listUsers: parts.listUsers,
    administration: parts.administration,
    exportPersonalData: parts.exportPersonalData,
    exportAdminTrail: parts.exportAdminTrail,
    rekeyTotpSecrets: parts.rekeyTotpSecrets,
    start() {
      const app = parts.app();
      stopPurge ??= schedulePurge(parts.purgeTargets(), (name, error) => logger.error({ err: error }, `${name} purge failed`));
      mailDelivery ??= parts.startMailDelivery();
      started = true;
      return app;
    },
    resources: [
      // First, so no purge runs on a closed database.
      { name: 'expiry purge', close: async () => stopPurge?.() },
      // Requests already answered may still be writing their reset link (and queuing its message).
      {
        name: 'password reset requests',
        close: () => (started ? parts.requestPasswordReset().idle() : Promise.resolve()),
      },
      { name: 'login code requests', close: () => (started ? parts.requestLoginCode().idle() : Promise.resolve()) },
      // After those requests, which record an event each; before the database it is stored in.
      { name: 'security events', close: () => (started ? parts.securityEvents().settled() : Promise.resolve()) },
      // Before the database: waits for the message being sent, then settles it.
      { name: 'mail delivery', close: async () => mailDelivery?.stop() },
      { name: 'database', close: () => db.destroy() },
      ...(parts.redis ? [parts.redis] : []),
    ],
  };
}

/**
 * Closes every resource in order, all of them even when one fails; rejects with the
 * first failure. For a process that ends without a graceful shutdown: the CLI, a
 * primary that has forked its workers, a test.
 */
export async function closeAll(resources: readonly Closable[]): Promise<void> {
  const failures: unknown[] = [];
  for (const resource of resources) {
    await resource.close().catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw failures[0];
}
