import bcrypt from 'bcrypt';
import { BCRYPT_PASSWORD_LIMITS, isPasswordTooLong } from '../../../domain/shared/password-policy.js';
import { ConcurrencyLimit } from './concurrency-limit.js';
import { DummyHash } from './dummy-hash.js';
import type { PasswordHashAlgorithm } from './password-hash-algorithm.js';

/** The work factor the specification asks for. */
export const DEFAULT_BCRYPT_COST = 10;

/**
 * The highest cost a stored hash may ask of verification. Each step doubles the time:
 * 16 is about five seconds of a pool thread here, and 31 would hold one for days.
 */
const MAX_VERIFIED_COST = 16;

/** The bcrypt variants the bcrypt package reads; `$2y$` and `$2x$` are refused by it. */
const BCRYPT_HASH = /^\$2[ab]\$(\d{2})\$/;

/**
 * bcrypt through its asynchronous API only: each hash runs on libuv's thread pool,
 * never on the event loop. Every hash and comparison waits for a slot of `limit`
 * (shared with the other algorithms, which use the same pool), not in the pool's own
 * queue, so that during a login storm the pool always has a free thread for the
 * file-system and DNS work of every other request.
 */
export class BcryptPasswordHasher implements PasswordHashAlgorithm {
  private readonly dummy = new DummyHash((password) => this.hash(password));

  constructor(
    private readonly cost: number = DEFAULT_BCRYPT_COST,
    private readonly limit: ConcurrencyLimit = new ConcurrencyLimit(1),
  ) {}

  hash(password: string): Promise<string> {
    return this.limit.run(() => bcrypt.hash(password, this.cost));
  }

  async verify(password: string, hash: string | null): Promise<boolean> {
    if (hash === null) {
      // Made at the configured cost, so this takes as long as a check of a real user's hash.
      await this.compare(password, await this.dummy.get());
      return false;
    }
    // bcrypt reads only the first 72 bytes, and no bcrypt hash was made of a longer
    // password (the policy refuses one under bcrypt): a longer one, which argon2id's
    // limits let through, must not match on its first 72 bytes. Compared all the same,
    // so the answer takes as long as any other.
    const matches = await this.compare(password, hash);
    return matches && !isPasswordTooLong(password, BCRYPT_PASSWORD_LIMITS);
  }

  needsRehash(hash: string): boolean {
    const cost = costOf(hash);
    return cost === null || cost < this.cost;
  }

  recognises(hash: string): boolean {
    return costOf(hash) !== null;
  }

  prepare(): void {
    this.dummy.prepare();
  }

  /** bcrypt resolves false for a damaged hash of a variant it reads; others and excessive costs never reach it. */
  private async compare(password: string, hash: string): Promise<boolean> {
    const cost = costOf(hash);
    if (cost === null || cost > MAX_VERIFIED_COST) return false;
    return this.limit.run(() => bcrypt.compare(password, hash));
  }
}

/** The cost of a `$2a$`/`$2b$` hash, read from its prefix; null for any other string. */
function costOf(hash: string): number | null {
  const digits = BCRYPT_HASH.exec(hash)?.[1];
  return digits === undefined ? null : Number(digits);
}
