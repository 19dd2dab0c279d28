import { expect } from 'chai';
import { parseBenchArgs } from '../../bench/options.js';

describe('npm run bench -- --db', () => {
  for (const url of ['mysql://root@127.0.0.1:3306/gatehouse', 'postgres://postgres@127.0.0.1:5432/test', 'postgresql://u@h/db']) {
    it(`runs on the server of ${url.split(':')[0]}://`, () => {
      expect(parseBenchArgs(['--db', url], '/tmp').db).to.equal(url);
    });
  }

  it('runs on SQLite without --db, and refuses another kind of URL', () => {
    expect(parseBenchArgs([], '/tmp').db).to.equal(null);
    expect(() => parseBenchArgs(['--db', 'sqlite:./bench.sqlite'], '/tmp')).to.throw(
      '--db must be a mysql://, postgres:// or postgresql:// URL',
    );
  });
});
