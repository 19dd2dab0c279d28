import type { PasswordHasher } from '../../src/application/shared/ports/password-hasher.js';

/**
 * A fast, transparent stand-in for bcrypt: `fake$<cost>$<password>`. It keeps the
 * port's promises (null hash resolves false, lower cost needs a rehash) and counts
 * its calls so tests can see that the dummy comparison happens.
 */
export class FakePasswordHasher implements PasswordHasher {
  readonly calls = { hash: 0, verify: 0, verifyNull: 0 };

  constructor(private readonly cost = 10) {}

  async hash(password: string): Promise<string> {
    this.calls.hash += 1;
    return `fake$${this.cost}$${password}`;
  }

  async verify(password: string, hash: string | null): Promise<boolean> {
    this.calls.verify += 1;
    if (hash === null) {
      this.calls.verifyNull += 1;
      return false;
    }
    const [, , stored] = /^fake\$(\d+)\$(.*)$/s.exec(hash) ?? [];
    return stored === password;
  }

  needsRehash(hash: string): boolean {
    const cost = Number(/^fake\$(\d+)\$/.exec(hash)?.[1]);
    return !(cost >= this.cost);
  }
}
