import { expect } from 'chai';
import type { Knex } from 'knex';
import type { AuditEvents } from '../../../src/application/audit/ports/audit-events.js';
import type { OneTimeTokens } from '../../../src/application/links/ports/one-time-tokens.js';
import type { Transactions } from '../../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../../src/application/shared/ports/user-repository.js';
import { Email } from '../../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { KnexAuditEvents } from '../../../src/infrastructure/audit/knex-audit-events.js';
import { KnexOneTimeTokens } from '../../../src/infrastructure/links/knex-one-time-tokens.js';
import { memoryTransactions, sqlTransactions } from '../../support/test-container.js';
import { KnexUserRepository } from '../../../src/infrastructure/shared/users/knex-user-repository.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { deferred } from '../../support/deferred.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';

interface Subject {
  readonly transactions: Transactions;
  readonly users: UserRepository;
  readonly tokens: OneTimeTokens;
  readonly audit: AuditEvents;
  queuedMail(): Promise<number>;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;
const ada = Email.fromTrusted('ada@example.com');

function transactionsContract(make: () => Promise<Subject>): void {
  let subject: Subject;
  beforeEach(async () => {
    subject = await make();
  });
  afterEach(async () => {
    await subject.close();
  });

  /** Writes to every store, then resolves or throws. */
  const writeAll = (fail: boolean) =>
    subject.transactions.run(async ({ users, tokens, outbox, audit }) => {
      const user = await users.create({ email: ada, passwordHash: 'h', phone: null });
      await users.markEmailVerified(user.id);
      await tokens.issue({ tokenHash: 'a'.repeat(64), purpose: 'password-reset', userId: user.id, newEmail: null, expiresAt: NOW + 1000 });
      await outbox.enqueue({ kind: 'password-changed', to: ada.value }, NOW);
      await audit.append({ userId: user.id, type: 'email.verified', actorId: null, ip: null, userAgent: null, requestId: null, at: NOW });
      if (fail) throw new Error('changed my mind');
      return user.id;
    });

  it('keeps every write of work that resolves, and resolves its value', async () => {
    const id = await writeAll(false);
    expect((await subject.users.findById(id))?.emailVerified).to.equal(true);
    expect((await subject.tokens.find('password-reset', 'a'.repeat(64), NOW))?.userId).to.equal(id);
    expect(await subject.queuedMail()).to.equal(1);
    expect(await subject.audit.listOfUser(id, { before: null, limit: 10 })).to.have.length(1);
  });

  it('keeps no write of work that rejects, and passes the rejection on', async () => {
    let caught: unknown;
    await writeAll(true).catch((error: unknown) => (caught = error));
    expect((caught as Error).message).to.equal('changed my mind');
    expect(await subject.users.findByEmail(ada)).to.equal(null);
    expect(await subject.tokens.find('password-reset', 'a'.repeat(64), NOW)).to.equal(null);
    expect(await subject.queuedMail()).to.equal(0);
    expect(await subject.audit.listOfUser(1, { before: null, limit: 10 })).to.deep.equal([]);
  });

  it('leaves one live link when two transactions issue one for the same user at once', async () => {
    const user = await subject.users.create({ email: ada, passwordHash: 'h', phone: null });
    const token = (c: string) =>
      ({ tokenHash: c.repeat(64), purpose: 'password-reset', userId: user.id, newEmail: null, expiresAt: NOW + 1000 }) as const;
    const firstIssued = deferred();
    const secondIssued = deferred();
    // The first keeps its transaction open until the second has issued too, or, where the
    // second waits for the first (a lock), for a moment: then it commits and lets it go on.
    const first = subject.transactions.run(async ({ tokens }) => {
      await tokens.issue(token('a'));
      firstIssued.resolve();
      await Promise.race([secondIssued.promise, new Promise((resolve) => setTimeout(resolve, 300))]);
    });
    const second = firstIssued.promise.then(() =>
      subject.transactions.run(async ({ tokens }) => {
        await tokens.issue(token('b'));
        secondIssued.resolve();
      }),
    );
    await Promise.all([first, second]);

    const live = await Promise.all(['a', 'b'].map((c) => subject.tokens.find('password-reset', c.repeat(64), NOW)));
    expect(live.filter((found) => found !== null)).to.have.length(1);
  });

  it('leaves the stores usable after a rollback', async () => {
    await writeAll(true).catch(() => undefined);
    const id = await writeAll(false);
    expect((await subject.users.findByEmail(ada))?.id).to.equal(id);
  });
}

function knexSubject(db: Knex, close: () => Promise<void>): Subject {
  return {
    transactions: sqlTransactions(db),
    users: new KnexUserRepository(db),
    tokens: new KnexOneTimeTokens(db),
    audit: new KnexAuditEvents(db),
    queuedMail: async () => Number((await db('mail_outbox').count({ count: '*' }))[0]?.count),
    close,
  };
}

describe('Transactions contract', () => {
  describe('InMemoryTransactions', () => {
    transactionsContract(async () => {
      const transactions = memoryTransactions();
      return {
        transactions,
        users: transactions.stores.users,
        tokens: transactions.stores.tokens,
        audit: transactions.stores.audit,
        queuedMail: async () => transactions.stores.outbox.queued.length,
        close: async () => {},
      };
    });
  });

  describe('KnexTransactions on SQLite', () => {
    transactionsContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return knexSubject(db, () => db.destroy());
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexTransactions on ${server.name}`, () => {
      const db = useMigratedDatabase(server);
      transactionsContract(async () => {
        for (const table of ['users', 'one_time_tokens', 'mail_outbox', 'audit_events']) await db()(table).truncate();
        return knexSubject(db(), async () => {});
      });
    });
  }
});
