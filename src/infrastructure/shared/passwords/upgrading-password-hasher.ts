import type { PasswordHasher } from '../../../application/shared/ports/password-hasher.js';
import type { PasswordHashAlgorithm } from './password-hash-algorithm.js';

/**
 * The app's PasswordHasher when several algorithms have written to one store: new
 * hashes come from the configured algorithm, and a stored hash is checked by whichever
 * algorithm recognises it, so accounts keep working after PASSWORD_HASHER changes. A
 * hash of another algorithm needs a rehash, so LogIn replaces it with one of the
 * configured algorithm at the account's next successful login.
 */
export class UpgradingPasswordHasher implements PasswordHasher {
  constructor(
    private readonly configured: PasswordHashAlgorithm,
    private readonly others: readonly PasswordHashAlgorithm[],
  ) {}

  hash(password: string): Promise<string> {
    return this.configured.hash(password);
  }

  async verify(password: string, hash: string | null): Promise<boolean> {
    const algorithm = hash === null ? this.configured : this.algorithmOf(hash);
    if (algorithm) return algorithm.verify(password, hash);
    // A hash no algorithm here wrote (a damaged row) is refused after the dummy check,
    // so the refusal takes as long as any other.
    await this.configured.verify(password, null);
    return false;
  }

  needsRehash(hash: string): boolean {
    return !this.configured.recognises(hash) || this.configured.needsRehash(hash);
  }

  private algorithmOf(hash: string): PasswordHashAlgorithm | undefined {
    return [this.configured, ...this.others].find((algorithm) => algorithm.recognises(hash));
  }
}
