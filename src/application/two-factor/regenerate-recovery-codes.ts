import type { UserId } from '../../domain/user.js';
import type { Clock } from '../ports/clock.js';
import type { RecoveryCodeSecrets } from '../ports/recovery-codes.js';
import type { Transactions } from '../ports/transactions.js';
import { newRecoveryCodes } from './new-recovery-codes.js';

/** The outcome; on `ok` the old codes no longer work and these are to be shown once. */
export type RegenerateRecoveryCodesResult =
  | { readonly kind: 'ok'; readonly recoveryCodes: readonly string[] }
  // No authenticator app is on: there are no codes to replace.
  | { readonly kind: 'off' };

/**
 * Replaces every recovery code of a user who has the authenticator app on with a new
 * set, and queues the notice to the owner, on one transaction.
 */
export class RegenerateRecoveryCodes {
  constructor(
    private readonly transactions: Transactions,
    private readonly codeSecrets: RecoveryCodeSecrets,
    private readonly clock: Clock,
  ) {}

  async execute(userId: UserId): Promise<RegenerateRecoveryCodesResult> {
    const { codes, hashes } = newRecoveryCodes(this.codeSecrets);
    return this.transactions.run(async ({ users, totp, recoveryCodes, outbox }): Promise<RegenerateRecoveryCodesResult> => {
      const owner = await users.findById(userId);
      const credential = await totp.find(userId);
      if (!owner || credential?.enabledAt == null) return { kind: 'off' };
      await recoveryCodes.replace(userId, hashes);
      const change = { kind: 'recovery-codes-renewed' } as const;
      await outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change }, this.clock.now());
      return { kind: 'ok', recoveryCodes: codes };
    });
  }
}
