import { expect } from 'chai';
import { ARGON2ID_LIMITS, OWASP_ARGON2ID } from '../../../../../src/infrastructure/shared/passwords/argon2id-parameters.js';
import { Argon2idPasswordHasher } from '../../../../../src/infrastructure/shared/passwords/argon2id-password-hasher.js';
import { ConcurrencyLimit } from '../../../../../src/infrastructure/shared/passwords/concurrency-limit.js';

const FAST = { memoryKiB: 1024, timeCost: 1, parallelism: 1 };

/** A stored hash with its parameters rewritten, as a damaged or foreign row would carry them. */
function withParameters(hash: string, parameters: string): string {
  return hash.replace(/\$m=\d+,t=\d+,p=\d+\$/, `$${parameters}$`);
}

describe('Argon2idPasswordHasher', () => {
  it("hashes argon2id, version 19, with OWASP's parameters by default: m=19456 KiB, t=2, p=1", async () => {
    const hash = await new Argon2idPasswordHasher().hash('a long secret');
    expect(OWASP_ARGON2ID).to.deep.equal({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
    // A 16-byte salt and a 32-byte output, in unpadded base64.
    expect(hash).to.match(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  });

  it('hashes with the parameters it is given', async () => {
    const hash = await new Argon2idPasswordHasher({ memoryKiB: 2048, timeCost: 3, parallelism: 2 }).hash('a secret');
    expect(hash).to.match(/^\$argon2id\$v=19\$m=2048,t=3,p=2\$/);
  });

  it('refuses parameters outside ARGON2ID_LIMITS when built', () => {
    for (const bad of [
      { ...FAST, memoryKiB: ARGON2ID_LIMITS.memoryKiB.min - 1 },
      { ...FAST, memoryKiB: ARGON2ID_LIMITS.memoryKiB.max + 1 },
      { ...FAST, timeCost: 0 },
      { ...FAST, parallelism: ARGON2ID_LIMITS.parallelism.max + 1 },
      { ...FAST, timeCost: 1.5 },
    ]) {
      expect(() => new Argon2idPasswordHasher(bad), JSON.stringify(bad)).to.throw(RangeError);
    }
  });

  it('needs a rehash when memory, passes or lanes are below the configured ones, not when above', async () => {
    const hasher = new Argon2idPasswordHasher({ memoryKiB: 2048, timeCost: 2, parallelism: 2 });
    const made = (parameters: typeof FAST) => new Argon2idPasswordHasher(parameters).hash('a secret');

    expect(hasher.needsRehash(await made({ memoryKiB: 1024, timeCost: 2, parallelism: 2 }))).to.equal(true);
    expect(hasher.needsRehash(await made({ memoryKiB: 2048, timeCost: 1, parallelism: 2 }))).to.equal(true);
    expect(hasher.needsRehash(await made({ memoryKiB: 2048, timeCost: 2, parallelism: 1 }))).to.equal(true);
    expect(hasher.needsRehash(await made({ memoryKiB: 2048, timeCost: 2, parallelism: 2 }))).to.equal(false);
    expect(hasher.needsRehash(await made({ memoryKiB: 4096, timeCost: 3, parallelism: 2 }))).to.equal(false);
  });

  it('needs a rehash of a hash of version 16', async () => {
    const hasher = new Argon2idPasswordHasher(FAST);
    const hash = await hasher.hash('a secret');
    expect(hasher.needsRehash(hash.replace('$v=19$', '$v=16$'))).to.equal(true);
  });

  it('refuses, without computing, a stored hash asking for more memory, passes or lanes than allowed', async () => {
    const limit = new ConcurrencyLimit(1);
    const hasher = new Argon2idPasswordHasher(FAST, limit);
    const hash = await hasher.hash('a secret');
    const excessive = ['m=4294967295,t=1,p=1', 'm=1024,t=4294967295,p=1', 'm=1048577,t=1,p=1', 'm=1024,t=1,p=17'];
    for (const parameters of excessive) {
      const verdict = hasher.verify('a secret', withParameters(hash, parameters));
      expect(limit.running, parameters).to.equal(0);
      expect(await verdict, parameters).to.equal(false);
    }
  });

  it('does not recognise argon2i or argon2d hashes', async () => {
    const hasher = new Argon2idPasswordHasher(FAST);
    const hash = await hasher.hash('a secret');
    for (const variant of ['$argon2i$', '$argon2d$']) {
      const other = hash.replace('$argon2id$', variant);
      expect(hasher.recognises(other), variant).to.equal(false);
      expect(await hasher.verify('a secret', other), variant).to.equal(false);
    }
  });
});
