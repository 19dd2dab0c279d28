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

describe('npm run bench -- --redis', () => {
  it('keeps sessions in the Redis of a redis:// or rediss:// URL', () => {
    expect(parseBenchArgs(['--redis', 'redis://127.0.0.1:6379'], '/tmp').redis).to.equal('redis://127.0.0.1:6379');
    expect(parseBenchArgs(['--redis', 'rediss://cache:6380'], '/tmp').redis).to.equal('rediss://cache:6380');
    expect(parseBenchArgs([], '/tmp').redis).to.equal(null);
  });

  it('refuses another kind of URL', () => {
    expect(() => parseBenchArgs(['--redis', 'http://cache'], '/tmp')).to.throw('--redis must be a redis:// or rediss:// URL');
  });
});
