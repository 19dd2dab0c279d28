import type { DatabaseUrl } from '../../../src/infrastructure/persistence/database-url.js';
import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { isOutage } from '../../../src/infrastructure/outage.js';
import { compiledSelect, LITERAL } from '../../../src/infrastructure/persistence/compiled-query.js';
import { openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { POSTGRES, type TestDatabase } from '../../support/sql-servers.js';
import { requireServer } from '../../support/servers.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';

/** The error a promise rejects with (fails the test when it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<Error & { code?: unknown }> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Error)) throw new Error(`expected a failure, got ${String(outcome)}`);
  return outcome;
}

async function backendId(db: Knex): Promise<number> {
  const result = (await db.raw('select pg_backend_pid() as pid')) as { rows: { pid: number }[] };
  return result.rows[0]?.pid ?? 0;
}

/** Resolves once the server runs `pg_sleep` on this backend: the statement is in flight. */
async function sleepingOn(observer: Knex, pid: number): Promise<void> {
  for (;;) {
    const found = (await observer.raw(
      "select 1 from pg_stat_activity where pid = ? and state = 'active' and wait_event = 'PgSleep'",
      [pid],
    )) as { rows: unknown[] };
    if (found.rows.length > 0) return;
    await delay(10);
  }
}

describe('a PostgreSQL pool from openDatabase', () => {
  let database: TestDatabase<Extract<DatabaseUrl, { client: 'postgres' }>> | undefined;
  let observer: Knex | undefined;
  const opened: Knex[] = [];
  const open = (url = database?.parsed) => {
    if (!url) throw new Error('no test database');
    const db = openDatabase({ url, poolMax: 1 });
    opened.push(db);
    return db;
  };
  const admin = () => observer ?? open();

  before(async function () {
    await requireServer(this, POSTGRES.name, POSTGRES.answers);
    database = await POSTGRES.createDatabase();
    observer = open();
  });
  after(async () => {
    await Promise.all(opened.map((db) => db.destroy()));
    await database?.drop();
  });

  it('names the app to the server and bounds each statement at 5 s', async () => {
    const db = open();
    const settings = (await db.raw(
      "select current_setting('application_name') as name, current_setting('statement_timeout') as timeout",
    )) as { rows: unknown[] };
    expect(settings.rows).to.deep.equal([{ name: 'gatehouse', timeout: '5s' }]);
  });

  it('keeps a compiled statement prepared on its connection, parsed once for every run', async () => {
    const db = open();
    await db.schema.createTable('numbers', (table) => table.integer('n').primary());
    await db('numbers').insert([{ n: 1 }, { n: 2 }]);
    const find = compiledSelect<{ n: number }, [number]>(db, 1, (n) =>
      db('numbers').select('n').where({ n }).limit(1, LITERAL),
    );

    expect(await find(1)).to.deep.equal([{ n: 1 }]);
    expect(await find(2)).to.deep.equal([{ n: 2 }]);

    const prepared = (await db.raw('select name, statement from pg_prepared_statements')) as {
      rows: { name: string; statement: string }[];
    };
    const numbers = prepared.rows.filter((row) => row.statement.includes('"numbers"'));
    expect(numbers).to.have.length(1);
    expect(numbers[0]?.name).to.match(/^gatehouse_\d+$/);
  });

  it('returns bigint values as strings, which the adapters turn into numbers', async () => {
    const result = (await open().raw('select cast(? as bigint) as n, count(*) as c from pg_class where false', [
      1_763_000_000_000,
    ])) as { rows: unknown[] };
    expect(result.rows).to.deep.equal([{ n: '1763000000000', c: '0' }]);
  });

  it('reports a statement the server cancelled (57014) as an outage, and keeps the connection', async () => {
    const db = open();
    const pid = await backendId(db);
    const sleeping = failureOf(db.raw('select pg_sleep(30)'));
    await sleepingOn(admin(), pid);

    await admin().raw('select pg_cancel_backend(?)', [pid]);

    const error = await sleeping;
    expect(error.code).to.equal('57014');
    expect(isOutage(error)).to.equal(true);
    expect(await backendId(db)).to.equal(pid);
  });

  it('reports a connection the server ended (57P01, an administrator or a shutdown) as an outage, and reconnects', async () => {
    const db = open();
    const pid = await backendId(db);
    const sleeping = failureOf(db.raw('select pg_sleep(30)'));
    await sleepingOn(admin(), pid);

    await admin().raw('select pg_terminate_backend(?)', [pid]);

    const error = await sleeping;
    expect(error.code).to.equal('57P01');
    expect(isOutage(error)).to.equal(true);
    // The pool may hand out the ended connection once more before its close arrives: that
    // statement fails as an outage too, and the next one runs on a new connection.
    const next = await backendId(db).catch((caught: unknown) => {
      expect(isOutage(caught)).to.equal(true);
      return backendId(db);
    });
    expect(next).to.not.equal(pid);
  });

  it('reports a refused connection as an outage', async () => {
    const url = database?.parsed;
    if (!url) throw new Error('no test database');
    // Port 1 on this machine: nothing listens there.
    const error = await failureOf(open({ ...url, host: '127.0.0.1', port: 1 }).raw('select 1'));
    expect(error.code).to.equal('ECONNREFUSED');
    expect(isOutage(error)).to.equal(true);
  });

  it('does not report a bug as an outage: a unique violation (23505), bad SQL, a value out of range', async () => {
    const db = open();
    await db.schema.createTable('pairs', (table) => table.integer('n').primary());
    await db('pairs').insert({ n: 1 });

    const duplicate = await failureOf(db('pairs').insert({ n: 1 }));
    const syntax = await failureOf(db.raw('selec 1'));
    const range = await failureOf(db('pairs').where({ n: 2 ** 40 }));

    expect([duplicate.code, syntax.code, range.code]).to.deep.equal(['23505', '42601', '22003']);
    for (const error of [duplicate, syntax, range]) expect(isOutage(error)).to.equal(false);
  });

  describe('when the connection is cut (a TCP proxy that drops it, like a crashed server)', () => {
    let proxy: TcpProxy | undefined;
    before(async () => {
      const url = database?.parsed;
      if (!url) return;
      proxy = await startTcpProxy({ host: url.host, port: url.port });
    });
    after(() => proxy?.close());

    it('fails the statement in flight with ECONNRESET, an outage, where pg alone gives no code', async () => {
      const url = database?.parsed;
      if (!url || !proxy) throw new Error('no proxy');
      const db = open({ ...url, host: '127.0.0.1', port: proxy.port });
      const pid = await backendId(db);
      const sleeping = failureOf(db.raw('select pg_sleep(30)'));
      await sleepingOn(admin(), pid);

      proxy.cut();

      const error = await sleeping;
      expect(error.code).to.equal('ECONNRESET');
      expect(isOutage(error)).to.equal(true);
      // A new connection, accepted and dropped at once, fails the same way.
      const next = await failureOf(db.raw('select 1'));
      expect(isOutage(next)).to.equal(true);

      proxy.restore();
      await admin().raw('select pg_terminate_backend(?)', [pid]);
      expect(await backendId(db)).to.be.a('number');
    });
  });
});
