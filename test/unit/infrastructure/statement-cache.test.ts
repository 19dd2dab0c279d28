import Database from 'better-sqlite3';
import { expect } from 'chai';
import { cacheStatements } from '../../../src/infrastructure/persistence/statement-cache.js';

describe('cacheStatements (better-sqlite3)', () => {
  function database() {
    const db = new Database(':memory:');
    db.exec('create table t (id integer primary key, name text)');
    return db;
  }

  it('prepares a SQL text once and hands back the same statement', () => {
    const db = database();
    cacheStatements(db);

    const first = db.prepare('select name from t where id = ?');
    const second = db.prepare('select name from t where id = ?');

    expect(second).to.equal(first);
  });

  it('binds each run afresh, so a cached statement reads what is there now', () => {
    const db = database();
    cacheStatements(db);
    const insert = (id: number, name: string) => db.prepare('insert into t (id, name) values (?, ?)').run(id, name);
    const read = (id: number) => db.prepare('select name from t where id = ?').all(id);

    insert(1, 'ada');
    expect(read(1)).to.deep.equal([{ name: 'ada' }]);
    insert(2, 'grace');
    db.prepare('update t set name = ? where id = ?').run('ada lovelace', 1);

    expect(read(1)).to.deep.equal([{ name: 'ada lovelace' }]);
    expect(read(2)).to.deep.equal([{ name: 'grace' }]);
  });

  it('keeps at most its limit, forgetting the oldest text first', () => {
    const db = database();
    cacheStatements(db, 2);

    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    db.prepare('select 3');

    expect(db.prepare('select 2')).to.equal(b);
    expect(db.prepare('select 1')).not.to.equal(a);
  });

  it('still works after the schema changes under a cached statement', () => {
    const db = database();
    cacheStatements(db);
    db.prepare('insert into t (id, name) values (?, ?)').run(1, 'ada');
    expect(db.prepare('select * from t').all()).to.deep.equal([{ id: 1, name: 'ada' }]);

    db.exec('alter table t add column admin integer not null default 0');

    expect(db.prepare('select * from t').all()).to.deep.equal([{ id: 1, name: 'ada', admin: 0 }]);
  });
});
