import type { UserId } from '../../domain/user.js';
import type { Transactions } from '../ports/transactions.js';
import { hasSecondFactorLeft } from './second-factor-left.js';

/**
 * The outcome of "Turn off"; `off` when there was nothing to turn off. On `ok`,
 * `passkeysRemain` says the login still asks for a passkey, and the recovery codes stay.
 */
export type DisableTwoFactorResult = { readonly kind: 'ok'; readonly passkeysRemain: boolean } | { readonly kind: 'off' };

/**
 * Turns the authenticator app off: its secret goes, and the recovery codes too unless a
 * passkey remains for them to stand in for, on one transaction. The web layer asks for
 * the password first (sudo mode).
 */
export class DisableTwoFactor {
  constructor(private readonly transactions: Transactions) {}

  execute(userId: UserId): Promise<DisableTwoFactorResult> {
    return this.transactions.run(async ({ totp, passkeys, recoveryCodes }): Promise<DisableTwoFactorResult> => {
      const credential = await totp.find(userId);
      // A secret set up and never confirmed goes too, but the app was not on.
      await totp.deleteOfUser(userId);
      const passkeysRemain = await hasSecondFactorLeft({ totp, passkeys }, userId);
      if (!passkeysRemain) await recoveryCodes.deleteAllOfUser(userId);
      return credential?.enabledAt != null ? { kind: 'ok', passkeysRemain } : { kind: 'off' };
    });
  }
}
