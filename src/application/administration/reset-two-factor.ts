import type { UserId } from '../../domain/shared/user.js';
import type { SecondFactorChange } from '../mail/outgoing-mail.js';
import type { Clock } from '../shared/ports/clock.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { findUser, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { passkeyStore } from '../passkeys/ports/passkeys.js';
import { recoveryCodeStore } from '../two-factor/ports/recovery-codes.js';
import { totpStore } from '../two-factor/ports/totp-credentials.js';
import { userStore } from '../shared/ports/transactions.js';
import { actDone, type ActedBy, actOnNobody, actRefused } from './admin-act.js';

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
 * "Log out everywhere" is an action of its own. Recorded as `admin.two-factor-reset` on
 * the user's activity, naming who did it; a user with nothing to reset as
 * `admin.action-refused` (`reset-two-factor/none`).
 */
export class ResetTwoFactor {
  constructor(
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: { readonly user: UserRef; readonly by: ResetBy } & ActedBy): Promise<ResetTwoFactorResult> {
    const result = await this.reset(input.user, input.by);
    switch (result.kind) {
      case 'ok':
        await this.events.record(actDone('admin.two-factor-reset', input, result));
        break;
      case 'none':
        await this.events.record(actRefused('reset-two-factor', input, result.userId, 'none'));
        break;
      default:
        await this.events.record(actOnNobody('reset-two-factor', input, input.user, result));
    }
    return result;
  }

  private reset(ref: UserRef, by: ResetBy): Promise<ResetTwoFactorResult> {
    return this.transactions.run(async (tx): Promise<ResetTwoFactorResult> => {
      const users = tx.get(userStore);
      const totp = tx.get(totpStore);
      const recoveryCodes = tx.get(recoveryCodeStore);
      const passkeys = tx.get(passkeyStore);
      const outbox = tx.get(outboxStore);
      // Held until the end: a change of the user's own second factors waits for the reset.
      const found = await findUser(users, ref, { forUpdate: true });
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
      await outbox.enqueue({ kind: 'second-factor-changed', to: email.value, change: NOTICES[by] }, this.clock.now());
      return { kind: 'ok', userId, email: email.value, removed };
    });
  }
}
