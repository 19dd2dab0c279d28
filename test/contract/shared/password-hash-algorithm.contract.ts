import { expect } from 'chai';
import { ConcurrencyLimit } from '../../../src/infrastructure/shared/passwords/concurrency-limit.js';
import type { PasswordHashAlgorithm } from '../../../src/infrastructure/shared/passwords/password-hash-algorithm.js';

/** A new algorithm whose hashes and checks wait for slots of `limit`. */
export type AlgorithmFactory = (limit: ConcurrencyLimit) => PasswordHashAlgorithm;

/** What a test needs besides the algorithm: a well-formed hash of another algorithm. */
export interface AlgorithmContractOptions {
  readonly foreignHash: () => Promise<string>;
}

/**
 * What every `PasswordHashAlgorithm` must do, the edge cases of stored hashes included.
 * Run it against a new algorithm before binding it in the composition root.
 */
export function passwordHashAlgorithmContract(make: AlgorithmFactory, options: AlgorithmContractOptions): void {
  const password = 'correct horse battery';

  it('verifies the password it hashed, and refuses any other', async () => {
    const algorithm = make(new ConcurrencyLimit(2));
    const hash = await algorithm.hash(password);

    expect(await algorithm.verify(password, hash)).to.equal(true);
    for (const other of ['correct horse battery ', 'Correct horse battery', '', 'correct horse']) {
      expect(await algorithm.verify(other, hash), other).to.equal(false);
    }
  });

  it('salts every hash anew', async () => {
    const algorithm = make(new ConcurrencyLimit(2));
    expect(await algorithm.hash(password)).not.to.equal(await algorithm.hash(password));
  });

  it('recognises its own hash and needs no rehash of one it has just made', async () => {
    const algorithm = make(new ConcurrencyLimit(2));
    const hash = await algorithm.hash(password);

    expect(algorithm.recognises(hash)).to.equal(true);
    expect(algorithm.needsRehash(hash)).to.equal(false);
  });

  it('neither recognises nor keeps a hash of another algorithm, and refuses to verify it', async () => {
    const algorithm = make(new ConcurrencyLimit(2));
    const foreign = await options.foreignHash();

    expect(algorithm.recognises(foreign)).to.equal(false);
    expect(algorithm.needsRehash(foreign)).to.equal(true);
    expect(await algorithm.verify(password, foreign)).to.equal(false);
  });

  it('resolves false for no hash (no such user), the dummy password included', async () => {
    const algorithm = make(new ConcurrencyLimit(2));

    expect(await algorithm.verify(password, null)).to.equal(false);
    expect(await algorithm.verify('gatehouse-dummy-password', null)).to.equal(false);
  });

  it('makes the dummy hash on first need, or from prepare() without waiting for it', async () => {
    const lazyLimit = new ConcurrencyLimit(1);
    make(lazyLimit);
    expect(lazyLimit.running).to.equal(0);

    const limit = new ConcurrencyLimit(1);
    const algorithm = make(limit);
    algorithm.prepare();
    // prepare() has returned, and the hash is being made on the pool, in a slot of the limit.
    expect(limit.running).to.equal(1);
    expect(await algorithm.verify(password, null)).to.equal(false);
    expect(limit.running).to.equal(0);
  });

  it('resolves false, and never rejects, for a damaged hash', async () => {
    const algorithm = make(new ConcurrencyLimit(2));
    const hash = await algorithm.hash(password);
    const flipped = hash.slice(0, -1) + (hash.endsWith('A') ? 'B' : 'A');
    const damagedHashes = ['', 'garbage', '$', '$$$$', hash.slice(0, 20), hash.slice(0, -2), `${hash}x`, ` ${hash}`];
    for (const damaged of [...damagedHashes, flipped]) {
      expect(await algorithm.verify(password, damaged), JSON.stringify(damaged)).to.equal(false);
    }
  });

  it('waits for a slot of the limit for every hash and check', async () => {
    const limit = new ConcurrencyLimit(1);
    const algorithm = make(limit);
    const stored = await algorithm.hash(password);

    const both = [algorithm.hash(password), algorithm.verify(password, stored)];
    expect([limit.running, limit.queued]).to.deep.equal([1, 1]);
    await Promise.all(both);
    expect([limit.running, limit.queued]).to.deep.equal([0, 0]);
  });
}
