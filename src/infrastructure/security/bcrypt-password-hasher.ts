import bcrypt from 'bcrypt';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';
import { ConcurrencyLimit } from './concurrency-limit.js';

/** The work factor the specification asks for. */
export const DEFAULT_BCRYPT_COST = 10;

/**
 * bcrypt through its asynchronous API only: each hash runs on libuv's thread pool,
 * never on the event loop. At most `maxConcurrent` hashes run at once; the rest wait
 * here, not in the pool's queue, so during a login storm the pool always has a free
 * thread for the file-system and DNS work of every other request, which would
 * otherwise wait behind every queued hash.
 */
export class BcryptPasswordHasher implements PasswordHasher {
  private readonly dummyHash: string;
  private readonly limit: ConcurrencyLimit;

  constructor(
    private readonly cost: number = DEFAULT_BCRYPT_COST,
    maxConcurrent = 1,
  ) {
    // Made once at start-up at the configured cost, so a check against it takes as
    // long as a check against a real user's hash.
    this.dummyHash = bcrypt.hashSync('gatehouse-dummy-password', cost);
    this.limit = new ConcurrencyLimit(maxConcurrent);
  }

  hash(password: string): Promise<string> {
    return this.limit.run(() => bcrypt.hash(password, this.cost));
  }

  async verify(password: string, hash: string | null): Promise<boolean> {
    if (hash === null) {
      await this.limit.run(() => bcrypt.compare(password, this.dummyHash));
      return false;
    }
    return this.limit.run(() => bcrypt.compare(password, hash));
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
