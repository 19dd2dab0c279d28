import { expect } from 'chai';
import knex, { type Knex } from 'knex';
import { compiledSelect, compiledWrite, LITERAL } from '../../../../src/infrastructure/persistence/compiled-query.js';

describe('compiledSelect and compiledWrite', () => {
  let db: Knex;
  beforeEach(async () => {
    db = knex({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    await db.schema.createTable('t', (table) => {
      table.integer('id').primary();
      table.string('name');
      table.integer('score');
    });
    await db('t').insert([
      { id: 1, name: 'ada', score: 10 },
      { id: 2, name: 'grace', score: 20 },
      { id: 3, name: 'ada', score: 30 },
    ]);
  });
  afterEach(() => db.destroy());

  it('runs the built query with each call’s values, keeping the builder’s own constants', async () => {
    const byName = compiledSelect<{ id: number }, [string, number]>(db, 2, (name, min) =>
      db('t').select('id').where({ name }).andWhere('score', '>', min).orderBy('id').limit(5, LITERAL),
    );

    expect(await byName('ada', 0)).to.deep.equal([{ id: 1 }, { id: 3 }]);
    expect(await byName('ada', 15)).to.deep.equal([{ id: 3 }]);
    expect(await byName('grace', 0)).to.deep.equal([{ id: 2 }]);
    expect(await byName('nobody', 0)).to.deep.equal([]);
  });

  it('answers as the builder does for the same values', async () => {
    const first = compiledSelect<{ name: string }, [number]>(db, 1, (id) =>
      db('t').select('name').where({ id }).limit(1, LITERAL),
    );

    expect((await first(2))[0]).to.deep.equal(await db('t').first('name').where({ id: 2 }));
  });

  it('reads a value that changed after it was compiled', async () => {
    const name = compiledSelect<{ name: string }, [number]>(db, 1, (id) => db('t').select('name').where({ id }));
    await db('t').where({ id: 1 }).update({ name: 'lovelace' });

    expect(await name(1)).to.deep.equal([{ name: 'lovelace' }]);
  });

  it('refuses a bound row limit, which SQLite would parse afresh on every run', () => {
    expect(() => compiledSelect(db, 1, (id) => db('t').first('name').where({ id }))).to.throw('write the row limit literally');
    expect(() => compiledSelect(db, 1, (name) => db('t').select('id').where({ name }).limit(2).offset(1))).to.throw(
      'write the row limit literally',
    );
    expect(() => compiledSelect(db, 1, (name) => db('t').select('id').where({ name }).limit(2, LITERAL))).to.not.throw();
  });

  it('refuses an argument the query does not bind as a value', () => {
    expect(() => compiledSelect(db, 2, (id) => db('t').select('name').where({ id }))).to.throw('argument 1 is not a bound value');
  });

  it('writes with each call’s values and answers how many rows changed', async () => {
    const insert = compiledWrite<[number, string, number]>(db, 3, (id, name, score) => db('t').insert({ id, name, score }));
    const raise = compiledWrite<[string, number]>(db, 2, (name, by) =>
      db('t').where({ name }).update({ score: db.raw('score + ?', [by]) }),
    );
    const remove = compiledWrite<[number]>(db, 1, (id) => db('t').where({ id }).delete());

    expect(await insert(4, 'edsger', 40)).to.equal(1);
    expect(await raise('ada', 5)).to.equal(2);
    expect(await raise('nobody', 5)).to.equal(0);
    expect(await remove(2)).to.equal(1);
    expect(await remove(2)).to.equal(0);

    expect(await db('t').select('id', 'score').orderBy('id')).to.deep.equal([
      { id: 1, score: 15 },
      { id: 3, score: 35 },
      { id: 4, score: 40 },
    ]);
  });

  it('runs through knex, so every run emits knex\'s query event with its SQL and values', async () => {
    const seen: { sql: string; bindings: unknown }[] = [];
    db.on('query', (query: { sql: string; bindings: unknown }) => seen.push({ sql: query.sql, bindings: query.bindings }));
    const byId = compiledSelect<{ name: string }, [number]>(db, 1, (id) => db('t').select('name').where({ id }).limit(1, LITERAL));

    await byId(2);
    await byId(3);

    expect(seen).to.deep.equal([
      { sql: 'select `name` from `t` where `id` = ? limit 1', bindings: [2] },
      { sql: 'select `name` from `t` where `id` = ? limit 1', bindings: [3] },
    ]);
  });
});
