import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RecoveryCodeSecrets } from './ports/recovery-codes.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { newRecoveryCodes } from './new-recovery-codes.js';
import { hasSecondFactorLeft } from './second-factor-left.js';

/** The outcome; on `ok` the old codes no longer work and these are to be shown once. */
export type RegenerateRecoveryCodesResult =
  | { readonly kind: 'ok'; readonly recoveryCodes: readonly string[] }
  // No second factor (neither the app on nor a passkey): codes would stand in for nothing.
  | { readonly kind: 'off' };

/**
 * Replaces every recovery code of a user who has a second factor (the authenticator app
 * on, or a passkey) with a new set, the first set of a passkey-only user too, and
 * queues the notice to the owner, on one transaction.
 */
export class RegenerateRecoveryCodes {
  constructor(
    private readonly transactions: Transactions,
    private readonly codeSecrets: RecoveryCodeSecrets,
    private readonly clock: Clock,
  ) {}

  async execute(userId: UserId): Promise<RegenerateRecoveryCodesResult> {
    const { codes, hashes } = newRecoveryCodes(this.codeSecrets);
    return this.transactions.run(async ({ users, totp, passkeys, recoveryCodes, outbox }): Promise<RegenerateRecoveryCodesResult> => {
      const owner = await users.findByIdForUpdate(userId);
      if (!owner || !(await hasSecondFactorLeft({ totp, passkeys }, userId))) return { kind: 'off' };
      await recoveryCodes.replace(userId, hashes);
      const change = { kind: 'recovery-codes-renewed' } as const;
      await outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change }, this.clock.now());
      return { kind: 'ok', recoveryCodes: codes };
    });
  }
}
