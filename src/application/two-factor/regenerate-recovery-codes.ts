import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { RecoveryCodeSecrets } from './ports/recovery-codes.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { newRecoveryCodes } from './new-recovery-codes.js';
import { hasSecondFactorLeft } from './second-factor-left.js';
import type { SecondFactorMethods } from './second-factor-methods.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { recoveryCodeStore } from '../two-factor/ports/recovery-codes.js';
import { userStore } from '../shared/ports/transactions.js';

/** Whose recovery codes are replaced, and from where. */
export interface RegenerateRecoveryCodesInput {
  readonly userId: UserId;
  readonly request: RequestContext;
}

/** The outcome; on `ok` the old codes no longer work and these are to be shown once. */
export type RegenerateRecoveryCodesResult =
  | { readonly kind: 'ok'; readonly recoveryCodes: readonly string[] }
  // No second factor (neither the app on nor a passkey): codes would stand in for nothing.
  | { readonly kind: 'off' };

/**
 * Replaces every recovery code of a user who has a second factor (the authenticator app
 * on, or a passkey) with a new set, the first set of a passkey-only user too, and
 * queues the notice to the owner, on one transaction. Recorded as
 * `two-factor.recovery-codes-regenerated` on the user's activity.
 */
export class RegenerateRecoveryCodes {
  constructor(
    private readonly transactions: Transactions,
    private readonly methods: SecondFactorMethods,
    private readonly codeSecrets: RecoveryCodeSecrets,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: RegenerateRecoveryCodesInput): Promise<RegenerateRecoveryCodesResult> {
    const { userId, request } = input;
    const result = await this.regenerate(userId);
    if (result.kind === 'ok') await this.events.record({ type: 'two-factor.recovery-codes-regenerated', userId, request });
    return result;
  }

  private regenerate(userId: UserId): Promise<RegenerateRecoveryCodesResult> {
    const { codes, hashes } = newRecoveryCodes(this.codeSecrets);
    return this.transactions.run(async (tx): Promise<RegenerateRecoveryCodesResult> => {
      const users = tx.get(userStore);
      const recoveryCodes = tx.get(recoveryCodeStore);
      const outbox = tx.get(outboxStore);
      const owner = await users.findByIdForUpdate(userId);
      if (!owner || !(await hasSecondFactorLeft(tx, this.methods, userId))) return { kind: 'off' };
      await recoveryCodes.replace(userId, hashes);
      const change = { kind: 'recovery-codes-renewed' } as const;
      await outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change }, this.clock.now());
      return { kind: 'ok', recoveryCodes: codes };
    });
  }
}
