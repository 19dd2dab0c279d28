import { expect } from 'chai';
import { parseDatabaseUrl } from '../../../../src/infrastructure/persistence/database-url.js';

describe('parseDatabaseUrl', () => {
  it('reads an SQLite file and SQLite in memory', () => {
    expect(parseDatabaseUrl('sqlite:./data/app.sqlite')).to.deep.equal({ client: 'sqlite', filename: './data/app.sqlite' });
    expect(parseDatabaseUrl('sqlite::memory:')).to.deep.equal({ client: 'sqlite', filename: ':memory:' });
  });

  it('reads every part of a mysql:// URL, defaulting to port 3306 and user root', () => {
    expect(parseDatabaseUrl('mysql://app:s%40cret@db.internal:3307/gatehouse')).to.deep.equal({
      client: 'mysql',
      host: 'db.internal',
      port: 3307,
      user: 'app',
      password: 's@cret',
      database: 'gatehouse',
    });
    expect(parseDatabaseUrl('mysql://127.0.0.1/gatehouse')).to.deep.include({ port: 3306, user: 'root', password: '' });
  });

  for (const scheme of ['postgres', 'postgresql']) {
    it(`reads every part of a ${scheme}:// URL, defaulting to port 5432 and user postgres`, () => {
      expect(parseDatabaseUrl(`${scheme}://app:s%40cret@db.internal:5433/gatehouse`)).to.deep.equal({
        client: 'postgres',
        host: 'db.internal',
        port: 5433,
        user: 'app',
        password: 's@cret',
        database: 'gatehouse',
      });
      expect(parseDatabaseUrl(`${scheme}://127.0.0.1/gatehouse`)).to.deep.include({
        port: 5432,
        user: 'postgres',
        password: '',
      });
    });
  }

  it('connects to an IPv6 address without the brackets the URL needs', () => {
    expect(parseDatabaseUrl('postgres://app@[::1]:5432/gatehouse')).to.deep.include({ host: '::1' });
    expect(parseDatabaseUrl('mysql://app@[::1]:3306/gatehouse')).to.deep.include({ host: '::1' });
  });

  for (const [raw, message] of [
    ['gatehouse.sqlite', 'must start with sqlite:, mysql://, postgres:// or postgresql://'],
    ['pgsql://db/app', 'must start with sqlite:, mysql://, postgres:// or postgresql://'],
    ['sqlite:', 'sqlite: needs a path, e.g. sqlite:./data/app.sqlite'],
    ['postgres://db.internal', 'postgres:// URL must name a database, e.g. postgres://postgres@127.0.0.1:5432/gatehouse'],
    ['postgresql://db.internal/', 'postgresql:// URL must name a database, e.g. postgres://postgres@127.0.0.1:5432/gatehouse'],
    ['postgres:///gatehouse', 'postgres:// URL must name a host, e.g. postgres://postgres@127.0.0.1:5432/gatehouse'],
    ['postgres://db.internal:99999/app', 'not a valid postgres:// URL'],
    ['postgres://db.internal/app/extra', 'postgres:// URL must name one database, without a further path: app/extra'],
    ['postgres://db.internal/app?sslmode=require', 'postgres:// URL takes no options (such as sslmode): ?sslmode=require'],
    ['postgres://app:100%@db.internal/app', 'postgres:// URL has a broken percent-encoding (write a % in a password as %25)'],
    ['mysql://db.internal', 'mysql:// URL must name a database, e.g. mysql://root@127.0.0.1:3306/gatehouse'],
  ] as const) {
    it(`refuses ${raw} with "${message}"`, () => {
      expect(parseDatabaseUrl(raw)).to.equal(message);
    });
  }
});
