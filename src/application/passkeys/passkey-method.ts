import type { UserId } from '../../domain/shared/user.js';
import type { Transaction } from '../shared/ports/transactions.js';
import type { SecondFactorMethod } from '../two-factor/second-factor-methods.js';
import { type Passkeys, passkeyStore } from './ports/passkeys.js';

/** Passkeys as a second factor of two-factor login: any registered passkey makes a login ask for one. */
export class PasskeyMethod implements SecondFactorMethod {
  readonly kind = 'passkey';

  constructor(private readonly passkeys: Passkeys) {}

  countOfUser(userId: UserId): Promise<number> {
    return this.passkeys.countOfUser(userId);
  }

  countOfUserOn(tx: Transaction, userId: UserId): Promise<number> {
    return tx.get(passkeyStore).countOfUser(userId);
  }
}
