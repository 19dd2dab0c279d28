import { expect } from 'chai';
import { ADMIN_TRAIL_EXPORT_BATCH, ExportAdminTrail } from '../../../../src/application/audit/export-admin-trail.js';
import type { AdminTrailBatch } from '../../../../src/application/audit/ports/audit-events.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryAuditEvents } from '../../../../src/infrastructure/audit/in-memory-audit-events.js';
import { inMemoryAccounts } from '../../../support/accounts.js';

const AT = 1_800_000_000_000;

/** A trail that counts the batches it is asked for, and the largest. */
class CountingAuditEvents extends InMemoryAuditEvents {
  readonly batches: number[] = [];

  override async adminActsSince(batch: AdminTrailBatch) {
    const rows = await super.adminActsSince(batch);
    this.batches.push(rows.length);
    return rows;
  }
}

async function setUp() {
  const { users } = inMemoryAccounts();
  await users.create({ email: Email.parse('root@example.com') as Email, passwordHash: 'h', phone: null });
  const audit = new CountingAuditEvents();
  return { audit, exporter: new ExportAdminTrail(users, audit) };
}

async function all<T>(entries: AsyncIterable<T>): Promise<T[]> {
  const list: T[] = [];
  for await (const entry of entries) list.push(entry);
  return list;
}

describe('ExportAdminTrail', () => {
  it('gives the acts at or after the time, oldest first, and no activity', async () => {
    const { audit, exporter } = await setUp();
    const base = { userId: 2, actorId: 1, ip: null, userAgent: null, requestId: null, targetEmail: 'ada@example.com' };
    await audit.append({ ...base, type: 'admin.user-locked', at: AT - 1 });
    await audit.append({ ...base, type: 'admin.user-unlocked', at: AT });
    await audit.append({ ...base, type: 'login.succeeded', actorId: null, targetEmail: null, at: AT + 1 });
    await audit.append({ ...base, type: 'admin.user-deleted', actorId: null, at: AT + 2 });

    const entries = await all(exporter.execute({ since: new Date(AT) }));
    expect(entries.map((entry) => [entry.type, entry.actor, entry.target.email, entry.at.getTime()])).to.deep.equal([
      ['admin.user-unlocked', { kind: 'administrator', id: 1, email: 'root@example.com' }, 'ada@example.com', AT],
      ['admin.user-deleted', { kind: 'operator' }, 'ada@example.com', AT + 2],
    ]);
  });

  it('reads a long trail in batches, never more than one at a time', async () => {
    const { audit, exporter } = await setUp();
    const count = 2 * ADMIN_TRAIL_EXPORT_BATCH + 3;
    for (let n = 0; n < count; n += 1) {
      await audit.append({ userId: 2, type: 'admin.reset-sent', actorId: 1, ip: null, userAgent: null, requestId: null, targetEmail: 'a@example.com', at: AT + n });
    }
    const entries = await all(exporter.execute({ since: new Date(AT) }));
    expect(entries.map((entry) => entry.at.getTime())).to.deep.equal([...Array(count).keys()].map((n) => AT + n));
    expect(audit.batches).to.deep.equal([ADMIN_TRAIL_EXPORT_BATCH, ADMIN_TRAIL_EXPORT_BATCH, 3]);
  });
});
