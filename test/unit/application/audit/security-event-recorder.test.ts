import { expect } from 'chai';
import type { NewAuditEvent } from '../../../../src/application/audit/ports/audit-events.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryAuditEvents } from '../../../../src/infrastructure/audit/in-memory-audit-events.js';
import { captureLog } from '../../../support/captured-log.js';
import { deferred } from '../../../support/deferred.js';
import { FIREFOX_UA, testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import { ManualClock } from '../../../support/throttle.js';

/** A trail whose writes fail, as a database outage would. */
class FailingAuditEvents extends InMemoryAuditEvents {
  override async append(): Promise<void> {
    throw new Error('audit table unavailable');
  }
}

/** A trail whose writes wait until the test lets them go on. */
class HeldAuditEvents extends InMemoryAuditEvents {
  readonly hold = deferred();

  override async append(event: NewAuditEvent): Promise<void> {
    await this.hold.promise;
    await super.append(event);
  }
}

function setUp(audit = new InMemoryAuditEvents()) {
  const log = captureLog();
  const clock = new ManualClock();
  const { events } = testSecurityEvents({ logger: log.logger, audit, clock });
  const stored = () => audit.listOfUser(1, { before: null, limit: 10 });
  return { log, clock, events, audit, stored };
}

describe('SecurityEventRecorder', () => {
  describe('the log sink', () => {
    it('writes one line per event with the request id, the event, the address and the fields, at info', async () => {
      const { log, events } = setUp();
      await events.record({ type: 'logout', userId: 1, request: testRequest() });

      const [line, ...more] = log.lines();
      expect(more).to.deep.equal([]);
      expect(line).to.include({ level: 'info', msg: 'logout', event: 'logout', userId: 1, ip: '192.0.2.1', requestId: 'test-request' });
      expect(line).not.to.have.property('userAgent');
    });

    it('writes a refusal at warn, with its reason and the email as normalised', async () => {
      const { log, events } = setUp();
      const email = Email.parse(' ADA@Example.com') as Email;
      await events.record({ type: 'signup.refused', email, reason: 'email-taken', request: testRequest() });
      expect(log.lines()[0]).to.include({ level: 'warn', event: 'signup.refused', email: 'ada@example.com', reason: 'email-taken' });
    });

    it('names the acting administrator, and writes no address for the command line', async () => {
      const { log, events } = setUp();
      await events.record({ type: 'admin.granted', userId: 1, actorId: 7 });
      const [line] = log.lines();
      expect(line).to.include({ event: 'admin.granted', userId: 1, actorId: 7 });
      expect(line).not.to.have.property('ip');
      expect(line).not.to.have.property('requestId');
    });
  });

  describe('the table sink', () => {
    it("stores an event of an account's activity with the request and the clock's time", async () => {
      const { events, stored, clock } = setUp();
      await events.record({ type: 'login.succeeded', userId: 1, request: testRequest() });
      const [row] = await stored();
      expect(row).to.deep.include({
        userId: 1,
        type: 'login.succeeded',
        actorId: null,
        ip: '192.0.2.1',
        userAgent: FIREFOX_UA,
        requestId: 'test-request',
        at: clock.now(),
      });
    });

    it('stores an event of the command line with no address, device or request', async () => {
      const { events, stored } = setUp();
      await events.record({ type: 'admin.revoked', userId: 1 });
      expect((await stored())[0]).to.include({ type: 'admin.revoked', ip: null, userAgent: null, requestId: null });
    });

    it('keeps in the log only: events of no account, and kinds that are no activity', async () => {
      const { events, audit, log } = setUp();
      await events.record({ type: 'login.failed', request: testRequest() });
      await events.record({ type: 'account.refused', userId: 1, reason: 'wrong-password', request: testRequest() });
      await events.record({ type: 'account.deleted', userId: 1, request: testRequest() });
      expect(log.lines()).to.have.length(3);
      expect(await audit.purgeBefore(Number.MAX_SAFE_INTEGER)).to.equal(0);
    });

    it("stores an administrator's act with its target's address, which the log line leaves out", async () => {
      const { events, stored, log } = setUp();
      await events.record({ type: 'admin.user-locked', userId: 1, actorId: 7, targetEmail: 'ada@example.com', request: testRequest() });
      expect((await stored())[0]).to.include({ type: 'admin.user-locked', actorId: 7, targetEmail: 'ada@example.com' });
      expect(log.lines()[0]).to.include({ event: 'admin.user-locked', userId: 1, actorId: 7 });
      expect(log.lines()[0]).not.to.have.property('targetEmail');
    });

    it("stores a deletion as an act of the administrators' trail, though it is no activity", async () => {
      const { events, audit } = setUp();
      await events.record({ type: 'admin.user-deleted', userId: 1, targetEmail: 'ada@example.com' });
      const acts = await audit.listAdminActs({ before: null, limit: 10, filter: {} });
      expect(acts.map((act) => [act.type, act.userId, act.actorId, act.targetEmail])).to.deep.equal([
        ['admin.user-deleted', 1, null, 'ada@example.com'],
      ]);
    });

    it('keeps no target address on an event that is no act, even when given one', async () => {
      const { events, stored } = setUp();
      await events.record({ type: 'logout', userId: 1, targetEmail: 'ada@example.com' });
      expect((await stored())[0]).to.include({ type: 'logout', targetEmail: null });
    });

    it('cuts an address and a User-Agent to the lengths the table holds', async () => {
      const { events, stored } = setUp();
      await events.record({ type: 'logout', userId: 1, request: { ip: '1'.repeat(100), userAgent: 'u'.repeat(600) } });
      const [row] = await stored();
      expect([row?.ip?.length, row?.userAgent?.length]).to.deep.equal([64, 512]);
    });
  });

  describe('a failing table sink', () => {
    it('still writes the log line, logs the failure as an error, and resolves', async () => {
      const { events, log } = setUp(new FailingAuditEvents());

      await events.record({ type: 'account.password-changed', userId: 1, request: testRequest() });

      const lines = log.lines().map(({ level, msg, event, userId, requestId }) => ({ level, msg, event, userId, requestId }));
      expect(lines).to.deep.equal([
        { level: 'info', msg: 'account.password-changed', event: 'account.password-changed', userId: 1, requestId: 'test-request' },
        { level: 'error', msg: 'security event not stored', event: 'account.password-changed', userId: 1, requestId: 'test-request' },
      ]);
      expect((log.lines()[1]?.err as { message?: string }).message).to.equal('audit table unavailable');
    });
  });

  describe('settled()', () => {
    it('resolves once the events recorded before it are stored', async () => {
      const audit = new HeldAuditEvents();
      const { events, stored, log } = setUp(audit);
      void events.record({ type: 'login.failed', userId: 1, request: testRequest() });
      expect(log.lines()).to.have.length(1);

      let settled = false;
      const settling = events.settled().then(() => (settled = true));
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).to.equal(false);

      audit.hold.resolve();
      await settling;
      expect(await stored()).to.have.length(1);
    });
  });
});
