import bcrypt from 'bcrypt';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';

/** The work factor the specification asks for. */
export const DEFAULT_BCRYPT_COST = 10;

/**
 * bcrypt through its asynchronous API only: each hash runs on libuv's thread pool,
 * never on the event loop.
 */
export class BcryptPasswordHasher implements PasswordHasher {
  private readonly dummyHash: string;

  constructor(private readonly cost: number = DEFAULT_BCRYPT_COST) {
    // Made once at start-up at the configured cost, so a check against it takes as
    // long as a check against a real user's hash.
    this.dummyHash = bcrypt.hashSync('gatehouse-dummy-password', cost);
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  async verify(password: string, hash: string | null): Promise<boolean> {
    if (hash === null) {
      await bcrypt.compare(password, this.dummyHash);
      return false;
    }
    return bcrypt.compare(password, hash);
  }

  needsRehash(hash: string): boolean {
    try {
      return bcrypt.getRounds(hash) < this.cost;
    } catch {
      // Not a bcrypt hash at all: replace it at the next successful login.
      return true;
    }
  }
}
