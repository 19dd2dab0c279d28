import { expect } from 'chai';
import { hashConcurrency } from '../../src/infrastructure/security/hash-concurrency.js';

describe('hashConcurrency', () => {
  it('uses every core while leaving a thread of the default pool of 4 free', () => {
    expect(hashConcurrency(4, 2)).to.equal(2);
    expect(hashConcurrency(4, 8)).to.equal(3);
  });

  it('follows a larger pool up to the number of cores', () => {
    expect(hashConcurrency(16, 8)).to.equal(8);
  });

  it('still hashes, one at a time, with a pool of one thread', () => {
    expect(hashConcurrency(1, 2)).to.equal(1);
  });
});
