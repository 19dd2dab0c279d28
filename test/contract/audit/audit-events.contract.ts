import { expect } from 'chai';
import type { AuditEvent, AuditEvents, NewAuditEvent } from '../../../src/application/audit/ports/audit-events.js';
import { AUDIT_PURGE_BATCH_ROWS } from '../../../src/infrastructure/audit/knex-audit-events.js';

/** A fresh, empty audit trail for one test, and how to release it. */
export interface AuditEventsUnderTest {
  readonly audit: AuditEvents;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;
const DAY = 24 * 60 * 60 * 1000;
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function event(overrides: Partial<NewAuditEvent> = {}): NewAuditEvent {
  return {
    userId: 7,
    type: 'login.succeeded',
    actorId: null,
    ip: '203.0.113.9',
    userAgent: FIREFOX,
    requestId: '5f0c6a51-7d1e-4f57-9a35-1c7f1f3d2b10',
    targetEmail: null,
    at: NOW,
    ...overrides,
  };
}

/** What every `AuditEvents` adapter must do. */
export function auditEventsContract(make: () => Promise<AuditEventsUnderTest>): void {
  let subject: AuditEventsUnderTest;
  let audit: AuditEvents;

  beforeEach(async () => {
    subject = await make();
    audit = subject.audit;
  });
  afterEach(async () => {
    await subject.close();
  });

  const all = (userId = 7): Promise<AuditEvent[]> => audit.listOfUser(userId, { before: null, limit: 1000 });

  it('gives back an appended event with every field as it was written', async () => {
    await audit.append(event({ type: 'admin.granted', actorId: 3 }));
    const [stored] = await all();
    const { id, ...fields } = stored as AuditEvent;
    expect(id).to.be.a('number');
    expect(fields).to.deep.equal(event({ type: 'admin.granted', actorId: 3 }));
  });

  it('keeps the sign-in provider an event was with, and none on another event', async () => {
    await audit.append(event({ type: 'login.succeeded', provider: 'gitlab-eu' }));
    await audit.append(event({ type: 'login.succeeded' }));
    const [without, withProvider] = await all();
    expect(withProvider?.provider).to.equal('gitlab-eu');
    expect(without).to.not.have.property('provider');
  });

  it('keeps an event of the command line, with no address, device or request', async () => {
    await audit.append(event({ type: 'admin.revoked', ip: null, userAgent: null, requestId: null }));
    expect(await all()).to.have.length(1);
    expect((await all())[0]).to.include({ ip: null, userAgent: null, requestId: null, actorId: null });
  });

  it('stores the longest address and User-Agent, with characters beyond ASCII', async () => {
    const userAgent = `Navigateur façon «${'x'.repeat(490)}»`.padEnd(512, 'é');
    const ip = `fe80::${'a'.repeat(52)}%eth0`.slice(0, 64);
    await audit.append(event({ ip, userAgent }));
    expect((await all())[0]).to.include({ ip, userAgent });
  });

  it('lists a user\'s events newest first, with growing ids', async () => {
    await audit.append(event({ type: 'signup.succeeded', at: NOW }));
    await audit.append(event({ type: 'logout', at: NOW + 1 }));
    await audit.append(event({ type: 'login.failed', at: NOW + 2 }));
    const listed = await all();
    expect(listed.map((e) => e.type)).to.deep.equal(['login.failed', 'logout', 'signup.succeeded']);
    expect(listed[0]?.id).to.be.greaterThan(listed[1]?.id ?? Infinity);
    expect(listed[1]?.id).to.be.greaterThan(listed[2]?.id ?? Infinity);
  });

  it('orders by id, not by time, so events of the same millisecond keep their order', async () => {
    await audit.append(event({ type: 'account.password-changed', at: NOW }));
    await audit.append(event({ type: 'logout', at: NOW }));
    expect((await all()).map((e) => e.type)).to.deep.equal(['logout', 'account.password-changed']);
  });

  it("never lists another user's events", async () => {
    await audit.append(event({ userId: 7, type: 'login.succeeded' }));
    await audit.append(event({ userId: 8, type: 'logout' }));
    expect((await all(7)).map((e) => [e.userId, e.type])).to.deep.equal([[7, 'login.succeeded']]);
    expect((await all(8)).map((e) => [e.userId, e.type])).to.deep.equal([[8, 'logout']]);
    expect(await all(9)).to.deep.equal([]);
  });

  it('pages by keyset: the events older than `before`, at most `limit`, with no gap or repeat', async () => {
    for (let n = 0; n < 7; n += 1) {
      await audit.append(event({ at: NOW + n }));
      await audit.append(event({ userId: 8, at: NOW + n }));
    }
    const first = await audit.listOfUser(7, { before: null, limit: 3 });
    const second = await audit.listOfUser(7, { before: first.at(-1)?.id ?? 0, limit: 3 });
    const third = await audit.listOfUser(7, { before: second.at(-1)?.id ?? 0, limit: 3 });
    expect([first.length, second.length, third.length]).to.deep.equal([3, 3, 1]);
    expect([...first, ...second, ...third].map((e) => e.at)).to.deep.equal([6, 5, 4, 3, 2, 1, 0].map((n) => NOW + n));
  });

  it('lists nothing before the first id, and everything before an id past the last', async () => {
    await audit.append(event());
    const [only] = await all();
    expect(await audit.listOfUser(7, { before: only?.id ?? 0, limit: 10 })).to.deep.equal([]);
    expect(await audit.listOfUser(7, { before: Number.MAX_SAFE_INTEGER, limit: 10 })).to.have.length(1);
  });

  it("deletes one user's activity, and counts it", async () => {
    await audit.append(event());
    await audit.append(event({ type: 'logout' }));
    await audit.append(event({ userId: 8 }));
    expect(await audit.deleteActivityOfUser(7)).to.equal(2);
    expect(await all(7)).to.deep.equal([]);
    expect(await all(8)).to.have.length(1);
  });

  it("keeps the administrators' acts on a user whose activity is deleted, with the target's address", async () => {
    await audit.append(event({ type: 'login.succeeded' }));
    await audit.append(event({ type: 'admin.user-locked', actorId: 3, targetEmail: 'ada@example.com' }));
    await audit.append(event({ type: 'admin.user-deleted', actorId: 3, targetEmail: 'ada@example.com' }));
    expect(await audit.deleteActivityOfUser(7)).to.equal(1);
    const acts = await audit.listAdminActs({ before: null, limit: 10, filter: {} });
    expect(acts.map((e) => [e.type, e.userId, e.targetEmail])).to.deep.equal([
      ['admin.user-deleted', 7, 'ada@example.com'],
      ['admin.user-locked', 7, 'ada@example.com'],
    ]);
  });

  it("stores an act's target address of the longest length, with characters beyond ASCII", async () => {
    const targetEmail = `${'é'.repeat(64)}@${'d'.repeat(185)}.org`;
    expect(targetEmail).to.have.length(254);
    await audit.append(event({ type: 'admin.granted', targetEmail }));
    expect((await all())[0]).to.include({ targetEmail });
  });

  describe("the administrators' acts", () => {
    async function seed(): Promise<void> {
      await audit.append(event({ type: 'login.succeeded', at: NOW }));
      await audit.append(event({ type: 'admin.user-locked', actorId: 3, targetEmail: 'ada@example.com', at: NOW + 1 }));
      await audit.append(event({ userId: 8, type: 'admin.granted', actorId: null, targetEmail: 'bob@example.org', at: NOW + 2 }));
      await audit.append(event({ type: 'logout', at: NOW + 3 }));
      await audit.append(event({ userId: 8, type: 'admin.user-locked', actorId: 4, targetEmail: 'bob@example.org', at: NOW + 4 }));
      await audit.append(event({ type: 'admin.user-unlocked', actorId: 3, targetEmail: 'ada@example.com', at: NOW + 5 }));
    }
    const acts = async (filter = {}) =>
      (await audit.listAdminActs({ before: null, limit: 100, filter })).map((e) => [e.type, e.userId, e.actorId]);

    it('lists only acts, every kind, newest first', async () => {
      await seed();
      expect(await acts()).to.deep.equal([
        ['admin.user-unlocked', 7, 3],
        ['admin.user-locked', 8, 4],
        ['admin.granted', 8, null],
        ['admin.user-locked', 7, 3],
      ]);
    });

    it("filters by the acting administrator, by an operator's acts, by target and by kind, together or alone", async () => {
      await seed();
      expect(await acts({ actorId: 3 })).to.deep.equal([
        ['admin.user-unlocked', 7, 3],
        ['admin.user-locked', 7, 3],
      ]);
      expect(await acts({ actorId: null })).to.deep.equal([['admin.granted', 8, null]]);
      expect(await acts({ targetEmail: 'bob@example.org' })).to.deep.equal([
        ['admin.user-locked', 8, 4],
        ['admin.granted', 8, null],
      ]);
      expect(await acts({ type: 'admin.user-locked' })).to.deep.equal([
        ['admin.user-locked', 8, 4],
        ['admin.user-locked', 7, 3],
      ]);
      expect(await acts({ type: 'admin.user-locked', actorId: 3, targetEmail: 'ada@example.com' })).to.deep.equal([
        ['admin.user-locked', 7, 3],
      ]);
      expect(await acts({ targetEmail: 'nobody@example.com' })).to.deep.equal([]);
      expect(await acts({ type: 'admin.user-deleted' })).to.deep.equal([]);
    });

    it('pages by keyset with no gap or repeat', async () => {
      for (let n = 0; n < 5; n += 1) {
        await audit.append(event({ type: 'admin.reset-sent', actorId: 3, targetEmail: 'ada@example.com', at: NOW + n }));
        await audit.append(event({ type: 'login.failed', at: NOW + n }));
      }
      const first = await audit.listAdminActs({ before: null, limit: 2, filter: {} });
      const second = await audit.listAdminActs({ before: first.at(-1)?.id ?? 0, limit: 2, filter: {} });
      const third = await audit.listAdminActs({ before: second.at(-1)?.id ?? 0, limit: 2, filter: {} });
      expect([...first, ...second, ...third].map((e) => e.at)).to.deep.equal([4, 3, 2, 1, 0].map((n) => NOW + n));
    });

    it('gives the acts since a time oldest first, in batches after an id, with every field', async () => {
      await seed();
      const first = await audit.adminActsSince({ since: NOW + 2, afterId: null, limit: 2 });
      expect(first.map((e) => [e.type, e.at])).to.deep.equal([
        ['admin.granted', NOW + 2],
        ['admin.user-locked', NOW + 4],
      ]);
      const second = await audit.adminActsSince({ since: NOW + 2, afterId: first.at(-1)?.id ?? 0, limit: 2 });
      expect(second.map((e) => [e.type, e.at])).to.deep.equal([['admin.user-unlocked', NOW + 5]]);
      const { id, ...fields } = second[0] as AuditEvent;
      expect(id).to.be.a('number');
      expect(fields).to.deep.equal(
        event({ type: 'admin.user-unlocked', actorId: 3, targetEmail: 'ada@example.com', at: NOW + 5 }),
      );
      expect(await audit.adminActsSince({ since: NOW + 6, afterId: null, limit: 2 })).to.deep.equal([]);
    });

    it('purges acts past the retention as every event', async () => {
      await seed();
      await audit.purgeBefore(NOW + 3);
      expect(await acts()).to.deep.equal([
        ['admin.user-unlocked', 7, 3],
        ['admin.user-locked', 8, 4],
      ]);
    });
  });

  it('purges the events before a time and keeps the rest', async () => {
    await audit.append(event({ at: NOW - 2 * DAY }));
    await audit.append(event({ userId: 8, at: NOW - DAY - 1 }));
    await audit.append(event({ at: NOW - DAY }));
    await audit.append(event({ at: NOW }));
    expect(await audit.purgeBefore(NOW - DAY)).to.equal(2);
    expect((await all(7)).map((e) => e.at)).to.deep.equal([NOW, NOW - DAY]);
    expect(await all(8)).to.deep.equal([]);
  });

  it('purges more events than one batch holds, and counts them all', async () => {
    const old = 2 * AUDIT_PURGE_BATCH_ROWS + 7;
    for (let n = 0; n < old + 3; n += 1) await audit.append(event({ at: n < old ? NOW - DAY : NOW }));
    expect(await audit.purgeBefore(NOW)).to.equal(old);
    expect(await all()).to.have.length(3);
  });
}
