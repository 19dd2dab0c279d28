import { expect } from 'chai';
import type { Knex } from 'knex';
import { compiledSelect, compiledWrite, LITERAL } from '../../../../src/infrastructure/persistence/compiled-query.js';
import { openDatabase } from '../../../../src/infrastructure/persistence/database.js';
import { sqliteStatementsOf } from '../../../../src/infrastructure/persistence/sqlite-statements.js';
import { deferred } from '../../../support/deferred.js';

describe('SqliteStatements: compiled statements on the SQLite connection', () => {
  let db: Knex;
  let queries: { sql: string; bindings: unknown }[];
  beforeEach(async () => {
    db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
    await db.schema.createTable('t', (table) => {
      table.integer('id').primary();
      table.string('name');
      table.boolean('flag');
      table.bigInteger('at');
    });
    await db('t').insert({ id: 1, name: 'ada', flag: true, at: 1000 });
    queries = [];
    db.on('query', (query: { sql: string; bindings: unknown }) => queries.push({ sql: query.sql, bindings: query.bindings }));
  });
  afterEach(() => db.destroy());

  const byId = () =>
    compiledSelect<{ name: string }, [number]>(db, 1, (id) => db('t').select('name').where({ id }).limit(1, LITERAL));

  it('belongs to a database openDatabase opened on SQLite, and only to such', async () => {
    expect(sqliteStatementsOf(db)?.ready).to.equal(true);
    const mysql = openDatabase({ url: { client: 'mysql', host: '127.0.0.1', port: 1, user: 'u', password: '', database: 'd' }, poolMax: 1 });
    expect(sqliteStatementsOf(mysql)).to.equal(undefined);
    await mysql.destroy();
  });

  it('reads and writes, answering rows and changed-row counts as knex does', async () => {
    const read = byId();
    const rename = compiledWrite<[string, number]>(db, 2, (name, id) => db('t').where({ id }).update({ name }));

    expect(await read(1)).to.deep.equal([{ name: 'ada' }]);
    expect(await read(2)).to.deep.equal([]);
    expect(await rename('lovelace', 1)).to.equal(1);
    expect(await rename('nobody', 2)).to.equal(0);
    expect(await db('t').select('name')).to.deep.equal([{ name: 'lovelace' }]);
  });

  it('emits knex\'s query event for every statement, as knex.raw would', async () => {
    await byId()(1);

    expect(queries).to.deep.equal([{ sql: 'select `name` from `t` where `id` = ? limit 1', bindings: [1] }]);
  });

  it('binds dates and booleans as knex does (epoch milliseconds, 0/1), so both ways read the same rows', async () => {
    const flagged = compiledSelect<{ id: number }, [boolean]>(db, 1, (flag) => db('t').select('id').where({ flag }));
    const since = compiledSelect<{ id: number }, [Date]>(db, 1, (at) => db('t').select('id').where('at', '>=', at));
    const insert = compiledWrite<[number, boolean, Date]>(db, 3, (id, flag, at) => db('t').insert({ id, name: 'x', flag, at }));

    expect(await flagged(true)).to.deep.equal([{ id: 1 }]);
    expect(await flagged(false)).to.deep.equal([]);
    expect(await since(new Date(1000))).to.deep.equal([{ id: 1 }]);
    expect(await since(new Date(1001))).to.deep.equal([]);
    await insert(2, false, new Date(5000));
    expect(await db('t').where({ id: 2 }).first('flag', 'at')).to.deep.equal({ flag: 0, at: 5000 });
  });

  it('refuses an undefined value as knex does, instead of binding it as NULL', async () => {
    const rename = compiledWrite<[string | undefined, number]>(db, 2, (name, id) => db('t').where({ id }).update({ name }));

    const error = await rename(undefined, 1).then(
      () => null,
      (caught: unknown) => caught,
    );

    expect(String(error)).to.match(/Undefined binding/);
    expect(await db('t').select('name')).to.deep.equal([{ name: 'ada' }]);
  });

  it('rejects, and does not throw, when the statement fails', async () => {
    const missing = compiledSelect(db, 1, (id) => db('no_such_table').select('id').where({ id }));
    let call: Promise<unknown> | undefined;
    expect(() => {
      call = missing(1);
    }).to.not.throw();
    const error = await call?.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(String(error)).to.match(/no such table/);
  });

  it('goes through knex before knex has made the connection, which makes it', async () => {
    const fresh = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
    try {
      const one = compiledSelect<{ one: number }, []>(fresh, 0, () => fresh.select(fresh.raw('1 as one')));
      expect(sqliteStatementsOf(fresh)?.ready).to.equal(false);

      expect(await one()).to.deep.equal([{ one: 1 }]);
      expect(sqliteStatementsOf(fresh)?.ready).to.equal(true);
    } finally {
      await fresh.destroy();
    }
  });

  it('fails through knex once the database is closed', async () => {
    const read = byId();
    await db.destroy();

    const error = await read(1).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(String(error)).to.match(/Unable to acquire a connection/);
  });

  /**
   * Opens a transaction that runs `work`, then holds the connection until `rollBack`
   * is called, and ends by rolling back; resolves once `work` is done.
   */
  async function transactionHolding(work: (trx: Knex.Transaction) => Promise<unknown>) {
    const done = deferred();
    const finish = deferred();
    const ended = db
      .transaction(async (trx) => {
        await work(trx);
        done.resolve();
        await finish.promise;
        throw new Error('rolled back on purpose');
      })
      .catch(() => undefined);
    await done.promise;
    return {
      async rollBack() {
        finish.resolve();
        await ended;
      },
    };
  }

  /** The call's result once settled, or `undefined` while it is still waiting. */
  function watch<T>(call: Promise<T>) {
    const seen: { value?: T } = {};
    const settled = call.then((value) => {
      seen.value = value;
    });
    return { seen, settled };
  }

  it('makes a read wait for a knex transaction on the connection, and never shows what it did not commit', async () => {
    const read = byId();
    const transaction = await transactionHolding((trx) => trx('t').insert({ id: 2, name: 'grace', flag: false, at: 2000 }));

    const reading = watch(read(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reading.seen.value, 'answered while the transaction was open').to.equal(undefined);

    await transaction.rollBack();
    await reading.settled;
    expect(reading.seen.value).to.deep.equal([]);
  });

  it('makes a write wait for a knex transaction on the connection, and applies it after the rollback', async () => {
    const rename = compiledWrite<[string, number]>(db, 2, (name, id) => db('t').where({ id }).update({ name }));
    const transaction = await transactionHolding((trx) => trx('t').where({ id: 1 }).update({ name: 'inside' }));

    const writing = watch(rename('outside', 1));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writing.seen.value, 'written while the transaction was open').to.equal(undefined);

    await transaction.rollBack();
    await writing.settled;
    expect(writing.seen.value).to.equal(1);
    expect(await db('t').select('name')).to.deep.equal([{ name: 'outside' }]);
  });
});
