import { expect } from 'chai';
import { ADMIN_TRAIL_PAGE_SIZE, ListAdminTrail } from '../../../../src/application/audit/list-admin-trail.js';
import type { NewAuditEvent } from '../../../../src/application/audit/ports/audit-events.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { inMemoryAccounts } from '../../../support/accounts.js';
import { deferred } from '../../../support/deferred.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';

const AT = 1_800_000_000_000;

function act(overrides: Partial<NewAuditEvent> = {}): NewAuditEvent {
  return {
    userId: 2,
    type: 'admin.user-locked',
    actorId: 1,
    ip: '192.0.2.1',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    requestId: 'r1',
    targetEmail: 'ada@example.com',
    at: AT,
    ...overrides,
  };
}

/** Root (1, an administrator) and Ada (2) in memory, and the use case on their stores. */
async function setUp(events = new RecordedEvents()) {
  const { users, audit } = inMemoryAccounts();
  for (const email of ['root@example.com', 'ada@example.com']) {
    await users.create({ email: Email.parse(email) as Email, passwordHash: 'h', phone: null });
  }
  return { users, audit, list: new ListAdminTrail(users, audit, events) };
}

describe('ListAdminTrail', () => {
  it('names the actor by the address its account has now, the target by the one it had, and an operator as such', async () => {
    const { audit, users, list } = await setUp();
    await audit.append(act({ targetEmail: 'ada@old.example' }));
    await audit.append(act({ type: 'admin.granted', actorId: null, userId: 1, targetEmail: 'root@example.com', ip: null, userAgent: null, requestId: null }));
    await users.changeEmail(1, Email.parse('root@new.example') as Email);

    const result = await list.execute({ before: null });
    if (result.kind !== 'ok') throw new Error(result.kind);
    expect(result.entries.map((entry) => [entry.type, entry.actor, entry.target])).to.deep.equal([
      ['admin.granted', { kind: 'operator' }, { id: 1, email: 'root@example.com' }],
      ['admin.user-locked', { kind: 'administrator', id: 1, email: 'root@new.example' }, { id: 2, email: 'ada@old.example' }],
    ]);
    expect(result.entries[1]).to.include({ ip: '192.0.2.1', requestId: 'r1' });
    expect(result.entries[1]?.at).to.deep.equal(new Date(AT));
  });

  it('names an administrator deleted since by id alone', async () => {
    const { audit, users, list } = await setUp();
    await audit.append(act());
    await users.delete(1);
    const result = await list.execute({ before: null });
    expect(result.kind === 'ok' && result.entries[0]?.actor).to.deep.equal({ kind: 'administrator', id: 1, email: null });
  });

  it('reads the actor filter as an address (any case) or "operator", the target filter as an address', async () => {
    const { audit, list } = await setUp();
    await audit.append(act());
    await audit.append(act({ actorId: null, type: 'admin.user-unlocked' }));
    await audit.append(act({ userId: 1, targetEmail: 'root@example.com', type: 'admin.granted' }));
    const types = async (input: Parameters<ListAdminTrail['execute']>[0]) => {
      const result = await list.execute(input);
      return result.kind === 'ok' ? result.entries.map((entry) => entry.type) : result.kind;
    };

    expect(await types({ before: null, actor: ' ROOT@Example.com ' })).to.deep.equal(['admin.granted', 'admin.user-locked']);
    expect(await types({ before: null, actor: 'Operator' })).to.deep.equal(['admin.user-unlocked']);
    expect(await types({ before: null, target: 'Ada@Example.COM' })).to.deep.equal(['admin.user-unlocked', 'admin.user-locked']);
    expect(await types({ before: null, target: 'not an address' })).to.deep.equal([]);
    expect(await types({ before: null, kind: 'admin.granted', actor: 'root@example.com' })).to.deep.equal(['admin.granted']);
    expect(await types({ before: null, actor: 'nobody@example.com' })).to.equal('unknown-actor');
    expect(await types({ before: null, actor: 'not an address' })).to.equal('unknown-actor');
  });

  it('pages by keyset and gives the cursor of the older acts only when there are some', async () => {
    const { audit, list } = await setUp();
    for (let n = 0; n <= ADMIN_TRAIL_PAGE_SIZE; n += 1) await audit.append(act({ at: AT + n }));
    const first = await list.execute({ before: null });
    if (first.kind !== 'ok') throw new Error(first.kind);
    expect(first.entries).to.have.length(ADMIN_TRAIL_PAGE_SIZE);
    expect(first.olderBefore).to.equal(first.entries.at(-1)?.id);
    const second = await list.execute({ before: first.olderBefore });
    expect(second.kind === 'ok' && [second.entries.map((entry) => entry.at.getTime()), second.olderBefore]).to.deep.equal([[AT], null]);
  });

  it('waits for the acts recorded before it to be stored', async () => {
    const held = deferred();
    const events = new RecordedEvents();
    events.settled = () => held.promise;
    const { list } = await setUp(events);
    let listed = false;
    const listing = list.execute({ before: null }).then(() => (listed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(listed).to.equal(false);
    held.resolve();
    await listing;
  });
});
