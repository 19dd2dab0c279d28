import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { hasSecondFactorLeft } from './second-factor-left.js';

/**
 * The outcome of "Turn off"; `off` when there was nothing to turn off. On `ok`,
 * `passkeysRemain` says the login still asks for a passkey, and `recoveryCodesKept`
 * that unused recovery codes stay beside it.
 */
export type DisableTwoFactorResult =
  | { readonly kind: 'ok'; readonly passkeysRemain: boolean; readonly recoveryCodesKept: boolean }
  | { readonly kind: 'off' };

/**
 * Turns the authenticator app off: its secret goes, the recovery codes too unless a
 * passkey remains for them to stand in for, and the notice to the owner is queued, on
 * one transaction. The web layer asks for the password first (sudo mode).
 */
export class DisableTwoFactor {
  constructor(
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  execute(userId: UserId): Promise<DisableTwoFactorResult> {
    return this.transactions.run(async ({ users, totp, passkeys, recoveryCodes, outbox }): Promise<DisableTwoFactorResult> => {
      const owner = await users.findByIdForUpdate(userId);
      if (!owner) return { kind: 'off' };
      const credential = await totp.find(userId);
      // A secret set up and never confirmed goes too, but the app was not on: no notice.
      await totp.deleteOfUser(userId);
      const passkeysRemain = await hasSecondFactorLeft({ totp, passkeys }, userId);
      if (!passkeysRemain) await recoveryCodes.deleteAllOfUser(userId);
      if (credential?.enabledAt == null) return { kind: 'off' };
      const recoveryCodesKept = passkeysRemain && (await recoveryCodes.countUnused(userId)) > 0;
      const change = { kind: 'authenticator-off', passkeysRemain, recoveryCodesKept } as const;
      await outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change }, this.clock.now());
      return { kind: 'ok', passkeysRemain, recoveryCodesKept };
    });
  }
}
