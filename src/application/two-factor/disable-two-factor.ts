import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { hasSecondFactorLeft } from './second-factor-left.js';
import type { SecondFactorMethods } from './second-factor-methods.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { recoveryCodeStore } from '../two-factor/ports/recovery-codes.js';
import { totpStore } from '../two-factor/ports/totp-credentials.js';
import { userStore } from '../shared/ports/transactions.js';

/** Whose authenticator app is turned off, and from where. */
export interface DisableTwoFactorInput {
  readonly userId: UserId;
  readonly request: RequestContext;
}

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
 * one transaction. The web layer asks for the password first (sudo mode). Recorded as
 * `two-factor.disabled` on the user's activity.
 */
export class DisableTwoFactor {
  constructor(
    private readonly transactions: Transactions,
    private readonly methods: SecondFactorMethods,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: DisableTwoFactorInput): Promise<DisableTwoFactorResult> {
    const { userId, request } = input;
    const result = await this.disable(userId);
    if (result.kind === 'ok') await this.events.record({ type: 'two-factor.disabled', userId, request });
    return result;
  }

  private disable(userId: UserId): Promise<DisableTwoFactorResult> {
    return this.transactions.run(async (tx): Promise<DisableTwoFactorResult> => {
      const users = tx.get(userStore);
      const totp = tx.get(totpStore);
      const recoveryCodes = tx.get(recoveryCodeStore);
      const outbox = tx.get(outboxStore);
      const owner = await users.findByIdForUpdate(userId);
      if (!owner) return { kind: 'off' };
      const credential = await totp.find(userId);
      // A secret set up and never confirmed goes too, but the app was not on: no notice.
      await totp.deleteOfUser(userId);
      const passkeysRemain = await hasSecondFactorLeft(tx, this.methods, userId);
      if (!passkeysRemain) await recoveryCodes.deleteAllOfUser(userId);
      if (credential?.enabledAt == null) return { kind: 'off' };
      const recoveryCodesKept = passkeysRemain && (await recoveryCodes.countUnused(userId)) > 0;
      const change = { kind: 'authenticator-off', passkeysRemain, recoveryCodesKept } as const;
      await outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change }, this.clock.now());
      return { kind: 'ok', passkeysRemain, recoveryCodesKept };
    });
  }
}
