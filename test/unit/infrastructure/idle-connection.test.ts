import { expect } from 'chai';
import type { Knex } from 'knex';
import { compiledSelect, compiledWrite, LITERAL } from '../../../src/infrastructure/persistence/compiled-query.js';
import { openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { idleConnectionOf } from '../../../src/infrastructure/persistence/idle-connection.js';
import { deferred } from '../../support/deferred.js';

describe('compiled statements on SQLite: run on the idle connection', () => {
  let db: Knex;
  let queries: string[];
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
    db.on('query', (query: { sql: string }) => queries.push(query.sql));
  });
  afterEach(() => db.destroy());

  const byId = () =>
    compiledSelect<{ name: string }, [number]>(db, 1, (id) => db('t').select('name').where({ id }).limit(1, LITERAL));

  it('is what openDatabase gives an SQLite database, and only that', () => {
    expect(idleConnectionOf(db)).to.not.equal(undefined);
    const mysql = openDatabase({ url: { client: 'mysql', host: '127.0.0.1', port: 1, user: 'u', password: '', database: 'd' }, poolMax: 1 });
    expect(idleConnectionOf(mysql)).to.equal(undefined);
    return mysql.destroy();
  });

  it('answers from the connection without going through knex while no one holds it', async () => {
    const read = byId();

    expect(await read(1)).to.deep.equal([{ name: 'ada' }]);
    expect(await read(2)).to.deep.equal([]);
    expect(queries).to.deep.equal([]);
  });

  it('writes without going through knex while no one holds it, and answers the rows changed', async () => {
    const rename = compiledWrite<[string, number]>(db, 2, (name, id) => db('t').where({ id }).update({ name }));

    expect(await rename('lovelace', 1)).to.equal(1);
    expect(await rename('nobody', 2)).to.equal(0);
    expect(queries).to.deep.equal([]);
    expect(await db('t').select('name')).to.deep.equal([{ name: 'lovelace' }]);
  });

  it('binds dates and booleans as knex does (epoch milliseconds, 0/1)', async () => {
    const flagged = compiledSelect<{ id: number }, [boolean]>(db, 1, (flag) => db('t').select('id').where({ flag }));
    const since = compiledSelect<{ id: number }, [Date]>(db, 1, (at) => db('t').select('id').where('at', '>=', at));

    expect(await flagged(true)).to.deep.equal([{ id: 1 }]);
    expect(await flagged(false)).to.deep.equal([]);
    expect(await since(new Date(1000))).to.deep.equal([{ id: 1 }]);
    expect(await since(new Date(1001))).to.deep.equal([]);
    expect(queries).to.deep.equal([]);
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

  it('waits for a transaction that holds the connection and never sees what it did not commit', async () => {
    const read = byId();
    const transaction = await transactionHolding((trx) => trx('t').insert({ id: 2, name: 'grace', flag: false, at: 2000 }));

    const reading = watch(read(2));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reading.seen.value, 'answered while the transaction was open').to.equal(undefined);

    await transaction.rollBack();
    await reading.settled;
    expect(reading.seen.value).to.deep.equal([]);
    expect(queries).to.include('select `name` from `t` where `id` = ? limit 1');
  });

  it('makes a write wait for a transaction that holds the connection, then applies it after the rollback', async () => {
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

  it('refuses an undefined value as knex does, instead of binding it as NULL', async () => {
    const rename = compiledWrite<[string | undefined, number]>(db, 2, (name, id) => db('t').where({ id }).update({ name }));

    let error: unknown;
    await rename(undefined, 1).catch((caught: unknown) => {
      error = caught;
    });
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

  it('fails through knex once the database is closed', async () => {
    const read = byId();
    await db.destroy();

    let error: unknown;
    await read(1).catch((caught: unknown) => {
      error = caught;
    });
    expect(String(error)).to.match(/Unable to acquire a connection/);
  });
});
