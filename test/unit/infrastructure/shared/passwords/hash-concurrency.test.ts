import { expect } from 'chai';
import { hashConcurrency } from '../../../../../src/infrastructure/shared/passwords/hash-concurrency.js';

describe('hashConcurrency', () => {
  it('leaves one thread of the default pool of 4 free', () => {
    expect(hashConcurrency(4)).to.equal(3);
  });

  it('follows a larger pool', () => {
    expect(hashConcurrency(16)).to.equal(15);
  });

  it('still hashes, one at a time, with a pool of one thread', () => {
    expect(hashConcurrency(1)).to.equal(1);
  });
});
