import bcrypt from 'bcrypt';
import { expect } from 'chai';
import { BcryptPasswordHasher } from '../../../../../src/infrastructure/shared/passwords/bcrypt-password-hasher.js';
import { ConcurrencyLimit } from '../../../../../src/infrastructure/shared/passwords/concurrency-limit.js';

describe('BcryptPasswordHasher', () => {
  it('hashes at cost 10 by default, as the specification asks', async () => {
    const hash = await new BcryptPasswordHasher().hash('a long secret');
    expect(hash).to.match(/^\$2b\$10\$[./A-Za-z0-9]{53}$/);
  });

  it('verifies $2a$ hashes as well as $2b$', async () => {
    const hasher = new BcryptPasswordHasher(4);
    const legacy = (await bcrypt.hash('a long secret', 4)).replace(/^\$2b\$/, '$2a$');
    expect(hasher.recognises(legacy)).to.equal(true);
    expect(await hasher.verify('a long secret', legacy)).to.equal(true);
  });

  it('never matches a password over 72 bytes, though bcrypt reads only its first 72 (argon2id lets such passwords through)', async () => {
    const hasher = new BcryptPasswordHasher(4);
    const stored = await bcrypt.hash('a'.repeat(72), 4);
    expect(await hasher.verify('a'.repeat(72), stored)).to.equal(true);
    expect(await bcrypt.compare('a'.repeat(72) + 'b', stored)).to.equal(true);
    expect(await hasher.verify('a'.repeat(72) + 'b', stored)).to.equal(false);
  });

  it('needs a rehash of a hash of a lower cost, not of an equal or higher one', async () => {
    const hasher = new BcryptPasswordHasher(5);
    expect(hasher.needsRehash(await bcrypt.hash('a long secret', 4))).to.equal(true);
    expect(hasher.needsRehash(await bcrypt.hash('a long secret', 5))).to.equal(false);
    expect(hasher.needsRehash(await bcrypt.hash('a long secret', 6))).to.equal(false);
  });

  it('refuses a stored hash of cost 31 without computing it (it would hold a pool thread for days)', async () => {
    const limit = new ConcurrencyLimit(1);
    const hasher = new BcryptPasswordHasher(4, limit);
    const stored = (await bcrypt.hash('a long secret', 4)).replace(/^\$2b\$04\$/, '$2b$31$');

    const verdict = hasher.verify('a long secret', stored);
    expect(limit.running).to.equal(0);
    expect(await verdict).to.equal(false);
  });

  it('does not recognise the $2y$ and $2x$ variants, which the bcrypt package cannot check', async () => {
    const hash = await bcrypt.hash('a long secret', 4);
    const hasher = new BcryptPasswordHasher(4);
    for (const variant of ['$2y$', '$2x$']) {
      const other = hash.replace(/^\$2b\$/, variant);
      expect(hasher.recognises(other), variant).to.equal(false);
      expect(await hasher.verify('a long secret', other), variant).to.equal(false);
    }
  });
});
