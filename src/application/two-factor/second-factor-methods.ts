import type { UserId } from '../../domain/shared/user.js';
import type { Transaction } from '../shared/ports/transactions.js';

/**
 * A kind of second factor that another feature adds beside the authenticator app (this
 * feature's own): passkeys. Each registers one (the composition root collects them), so
 * two-factor login counts them without knowing them.
 */
export interface SecondFactorMethod {
  /** What the pages call it: `passkey`. */
  readonly kind: string;
  /** How many the user has. */
  countOfUser(userId: UserId): Promise<number>;
  /** How many the user has, on a transaction: where a change of second factors holds the user's row, the count holds too. */
  countOfUserOn(tx: Transaction, userId: UserId): Promise<number>;
}

/** Every registered method, asked as one. */
export class SecondFactorMethods {
  constructor(private readonly methods: readonly SecondFactorMethod[]) {}

  /** How many second factors of `kind` the user has (0 when no feature registers that kind). */
  async countOfKind(kind: string, userId: UserId): Promise<number> {
    let count = 0;
    for (const method of this.methods) if (method.kind === kind) count += await method.countOfUser(userId);
    return count;
  }

  /** How many second factors of any registered method the user has, on `tx`. */
  async countOn(tx: Transaction, userId: UserId): Promise<number> {
    let count = 0;
    for (const method of this.methods) count += await method.countOfUserOn(tx, userId);
    return count;
  }
}
