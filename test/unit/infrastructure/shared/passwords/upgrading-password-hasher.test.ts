import { expect } from 'chai';
import { Argon2idPasswordHasher } from '../../../../../src/infrastructure/shared/passwords/argon2id-password-hasher.js';
import { BcryptPasswordHasher } from '../../../../../src/infrastructure/shared/passwords/bcrypt-password-hasher.js';
import { ConcurrencyLimit } from '../../../../../src/infrastructure/shared/passwords/concurrency-limit.js';
import type { PasswordHashAlgorithm } from '../../../../../src/infrastructure/shared/passwords/password-hash-algorithm.js';
import { UpgradingPasswordHasher } from '../../../../../src/infrastructure/shared/passwords/upgrading-password-hasher.js';

const FAST_ARGON2ID = { memoryKiB: 1024, timeCost: 1, parallelism: 1 };

/** An algorithm that records which stored hashes it was asked to check (null: the dummy). */
function recording(algorithm: PasswordHashAlgorithm) {
  const checked: (string | null)[] = [];
  const recorder: PasswordHashAlgorithm = {
    hash: (password) => algorithm.hash(password),
    verify: (password, hash) => {
      checked.push(hash);
      return algorithm.verify(password, hash);
    },
    needsRehash: (hash) => algorithm.needsRehash(hash),
    recognises: (hash) => algorithm.recognises(hash),
    prepare: () => algorithm.prepare(),
  };
  return { recorder, checked };
}

function hashers(configured: 'bcrypt' | 'argon2id') {
  const limit = new ConcurrencyLimit(2);
  const bcrypt = recording(new BcryptPasswordHasher(4, limit));
  const argon2id = recording(new Argon2idPasswordHasher(FAST_ARGON2ID, limit));
  const [current, other] = configured === 'bcrypt' ? [bcrypt, argon2id] : [argon2id, bcrypt];
  return { hasher: new UpgradingPasswordHasher(current.recorder, [other.recorder]), bcrypt, argon2id };
}

describe('UpgradingPasswordHasher', () => {
  for (const [configured, other, prefix] of [
    ['argon2id', 'bcrypt', /^\$argon2id\$/],
    ['bcrypt', 'argon2id', /^\$2b\$04\$/],
  ] as const) {
    describe(`with ${configured} configured`, () => {
      it(`hashes with ${configured}`, async () => {
        expect(await hashers(configured).hasher.hash('a long secret')).to.match(prefix);
      });

      it(`verifies a ${other} hash with ${other}, and asks for it to be replaced`, async () => {
        const { hasher, ...algorithms } = hashers(configured);
        const stored = await algorithms[other].recorder.hash('a long secret');

        expect(await hasher.verify('a long secret', stored)).to.equal(true);
        expect(await hasher.verify('a wrong secret', stored)).to.equal(false);
        expect(algorithms[other].checked).to.deep.equal([stored, stored]);
        expect(algorithms[configured].checked).to.deep.equal([]);
        expect(hasher.needsRehash(stored)).to.equal(true);
      });

      it(`keeps a fresh ${configured} hash`, async () => {
        const { hasher } = hashers(configured);
        const stored = await hasher.hash('a long secret');
        expect(await hasher.verify('a long secret', stored)).to.equal(true);
        expect(hasher.needsRehash(stored)).to.equal(false);
      });

      it(`checks against ${configured}'s dummy hash when there is no user`, async () => {
        const { hasher, ...algorithms } = hashers(configured);
        expect(await hasher.verify('a long secret', null)).to.equal(false);
        expect(algorithms[configured].checked).to.deep.equal([null]);
        expect(algorithms[other].checked).to.deep.equal([]);
      });

      it(`refuses a hash no algorithm recognises after ${configured}'s dummy check, so it takes as long`, async () => {
        const { hasher, ...algorithms } = hashers(configured);
        for (const stored of ['', 'garbage', '$argon2i$v=19$m=1024,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaA', '$2y$04$x']) {
          expect(await hasher.verify('a long secret', stored), stored).to.equal(false);
        }
        expect(algorithms[configured].checked).to.deep.equal([null, null, null, null]);
        expect(hasher.needsRehash('garbage')).to.equal(true);
      });
    });
  }
});
