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

  it('deletes every event of one user, and counts them', async () => {
    await audit.append(event());
    await audit.append(event({ type: 'logout' }));
    await audit.append(event({ userId: 8 }));
    expect(await audit.deleteAllOfUser(7)).to.equal(2);
    expect(await all(7)).to.deep.equal([]);
    expect(await all(8)).to.have.length(1);
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
