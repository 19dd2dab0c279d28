import type { UserId } from '../../domain/shared/user.js';
import type { SecondFactorChange } from '../mail/outgoing-mail.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';

/** What a reset removed: the authenticator app (when it was on), unused recovery codes, passkeys. */
export interface RemovedSecondFactors {
  readonly totp: boolean;
  readonly recoveryCodes: number;
  readonly passkeys: number;
}

/** Who resets: an administrator on the user's page, or an operator on the command line. */
export type ResetBy = 'administrator' | 'operator';

/** What the notice to the owner says happened, by who reset. */
const NOTICES: { readonly [By in ResetBy]: SecondFactorChange } = {
  administrator: { kind: 'reset-by-administrator' },
  operator: { kind: 'reset-by-operator' },
};

/** The outcome; `none` when the user had no second factor (neither the app on nor a passkey): nothing is removed but codes left with no factor, and no notice is sent. */
export type ResetTwoFactorResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string; readonly removed: RemovedSecondFactors }
  | { readonly kind: 'none'; readonly userId: UserId; readonly email: string }
  | UserNotFound;

/**
 * Resets a user's two-factor login for one who lost the device: their authenticator
 * secret (on, or still being set up), their recovery codes and their passkeys go, and
 * the notice to the owner (saying who reset) is queued, on one transaction, so their
 * next login asks for the password only. Sessions stay: the user is not suspected, and
 * "Log out everywhere" is an action of its own.
 */
export class ResetTwoFactor {
  constructor(
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  execute(input: { readonly user: UserRef; readonly by: ResetBy }): Promise<ResetTwoFactorResult> {
    return this.transactions.run(async ({ users, totp, recoveryCodes, passkeys, outbox }): Promise<ResetTwoFactorResult> => {
      // Held until the end: a change of the user's own second factors waits for the reset.
      const found = await findUser(users, input.user, { forUpdate: true });
      if (found.kind !== 'found') return found;
      const { id: userId, email } = found.user;
      const credential = await totp.find(userId);
      const removed = {
        totp: credential?.enabledAt != null,
        recoveryCodes: await recoveryCodes.countUnused(userId),
        passkeys: await passkeys.countOfUser(userId),
      };
      if (!removed.totp && removed.passkeys === 0) {
        // Codes with no factor to stand in for log nobody in: they go, without a notice.
        await recoveryCodes.deleteAllOfUser(userId);
        return { kind: 'none', userId, email: email.value };
      }
      await totp.deleteOfUser(userId);
      await recoveryCodes.deleteAllOfUser(userId);
      await passkeys.deleteAllOfUser(userId);
      await outbox.enqueue({ kind: 'second-factor-changed', to: email.value, change: NOTICES[input.by] }, this.clock.now());
      return { kind: 'ok', userId, email: email.value, removed };
    });
  }
}
