import { expect } from 'chai';
import Koa from 'koa';
import type { ExportPersonalData } from '../../../src/application/accounts/export-personal-data.js';
import type { Knex } from 'knex';
import type { ExportAdminTrail } from '../../../src/application/audit/export-admin-trail.js';
import type { Administration } from '../../../src/application/administration/administration.js';
import type { CreatePasswordResetLink } from '../../../src/application/links/create-password-reset-link.js';
import type { GetMailStatus } from '../../../src/application/mail/get-mail-status.js';
import type { ListUsers } from '../../../src/application/administration/list-users.js';
import type { RequestLoginCode } from '../../../src/application/accounts/request-login-code.js';
import type { RequestPasswordReset } from '../../../src/application/links/request-password-reset.js';
import type { RetryFailedMail } from '../../../src/application/mail/retry-failed-mail.js';
import { assembleGatehouse, closeAll } from '../../../src/infrastructure/gatehouse.js';
import { pastRetention } from '../../../src/infrastructure/audit/past-retention.js';
import { InMemoryAuditEvents } from '../../../src/infrastructure/audit/in-memory-audit-events.js';
import type { RekeyTotpSecrets } from '../../../src/application/two-factor/rekey-totp-secrets.js';
import { silentLogger } from '../../../src/web/shared/logger.js';
import { deferred } from '../../support/deferred.js';

describe('closeAll', () => {
  it('closes every resource in order, and the rest after one fails, then rejects with the first failure', async () => {
    const closed: string[] = [];
    const resource = (name: string, failure?: Error) => ({
      name,
      close: async () => {
        closed.push(name);
        if (failure) throw failure;
      },
    });
    const first = new Error('database would not close');

    const outcome = await closeAll([
      resource('session purge'),
      resource('database', first),
      resource('redis', new Error('redis would not quit')),
      resource('last'),
    ]).then(
      () => null,
      (error: unknown) => error,
    );

    expect(closed).to.deep.equal(['session purge', 'database', 'redis', 'last']);
    expect(outcome).to.equal(first);
  });

  it('resolves when every resource closes', async () => {
    await closeAll([{ name: 'database', close: async () => {} }]);
  });
});

describe('assembleGatehouse', () => {
  /** A gatehouse on stand-in parts that records what closes, and when. */
  function assembled(events: string[], idle: Promise<void>) {
    const db = { destroy: async () => void events.push('database closed') } as unknown as Knex;
    const noPurge = { purgeExpired: async () => 0 };
    return assembleGatehouse({
      db,
      createPasswordResetLink: {} as CreatePasswordResetLink,
      mailStatus: {} as GetMailStatus,
      retryFailedMail: {} as RetryFailedMail,
      listUsers: {} as ListUsers,
      administration: {} as Administration,
      exportPersonalData: {} as ExportPersonalData,
      exportAdminTrail: {} as ExportAdminTrail,
      rekeyTotpSecrets: () => ({}) as RekeyTotpSecrets,
      startMailDelivery: () => ({ stop: async () => void events.push('mail delivery stopped') }),
      app: () => new Koa(),
      purgeTargets: () => [{ name: 'session', store: noPurge }],
      requestPasswordReset: () => ({ idle: () => idle.then(() => void events.push('reset requests done')) }) as RequestPasswordReset,
      requestLoginCode: () => ({ idle: () => idle.then(() => void events.push('login code requests done')) }) as RequestLoginCode,
      securityEvents: () => ({ record: async () => {}, settled: async () => void events.push('security events stored') }),
      redis: null,
      logger: silentLogger,
    });
  }

  it('lets password reset requests already answered finish writing, and their events, then stops mail delivery, before the database closes', async () => {
    const events: string[] = [];
    const pending = deferred();
    const gatehouse = assembled(events, pending.promise);
    gatehouse.start();

    const closing = closeAll(gatehouse.resources);
    await Promise.resolve();
    expect(events).to.deep.equal([]);
    pending.resolve();
    await closing;

    expect(events).to.deep.equal([
      'reset requests done',
      'login code requests done',
      'security events stored',
      'mail delivery stopped',
      'database closed',
    ]);
  });

  it('builds no reset use case when it never served (a CLI run)', async () => {
    const events: string[] = [];
    const gatehouse = assembled(events, new Promise(() => {}));
    await closeAll(gatehouse.resources);
    expect(events).to.deep.equal(['database closed']);
  });
});

describe('pastRetention', () => {
  it('purges, as a purge target, the security events that happened longer ago than the retention', async () => {
    const audit = new InMemoryAuditEvents();
    const now = 1_800_000_000_000;
    const retentionMs = 30 * 24 * 60 * 60 * 1000;
    const at = (time: number) =>
      audit.append({ userId: 1, type: 'logout', actorId: null, ip: null, userAgent: null, requestId: null, at: time });
    await at(now - retentionMs - 1);
    await at(now - retentionMs);

    expect(await pastRetention(audit, retentionMs).purgeExpired(now)).to.equal(1);
    expect((await audit.listOfUser(1, { before: null, limit: 10 })).map((event) => event.at)).to.deep.equal([now - retentionMs]);
  });
});
