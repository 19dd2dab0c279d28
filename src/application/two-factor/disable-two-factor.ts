import type { UserId } from '../../domain/user.js';
import type { Transactions } from '../ports/transactions.js';

/** The outcome of "Turn off"; `off` when there was nothing to turn off. */
export type DisableTwoFactorResult = { readonly kind: 'ok' } | { readonly kind: 'off' };

/**
 * Turns the authenticator app off: its secret and every recovery code go, on one
 * transaction. The web layer asks for the password first (sudo mode).
 */
export class DisableTwoFactor {
  constructor(private readonly transactions: Transactions) {}

  execute(userId: UserId): Promise<DisableTwoFactorResult> {
    return this.transactions.run(async ({ totp, recoveryCodes }): Promise<DisableTwoFactorResult> => {
      const credential = await totp.find(userId);
      // A secret set up and never confirmed goes too, but the app was not on.
      await totp.deleteOfUser(userId);
      await recoveryCodes.deleteAllOfUser(userId);
      return credential?.enabledAt != null ? { kind: 'ok' } : { kind: 'off' };
    });
  }
}
