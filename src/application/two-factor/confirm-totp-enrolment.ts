import { parseSecondFactorCode } from '../../domain/two-factor/second-factor-code.js';
import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { RecoveryCodeSecrets } from './ports/recovery-codes.js';
import type { SecretBox } from './ports/secret-box.js';
import type { TotpAlgorithm } from './ports/totp-algorithm.js';
import type { TotpCredentials } from './ports/totp-credentials.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { newRecoveryCodes } from './new-recovery-codes.js';
import { totpContext } from './totp-secret.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { recoveryCodeStore } from '../two-factor/ports/recovery-codes.js';
import { totpStore } from '../two-factor/ports/totp-credentials.js';
import { userStore } from '../shared/ports/transactions.js';

/** The first code of a user setting up an authenticator app. */
export interface ConfirmTotpEnrolmentInput {
  readonly userId: UserId;
  readonly code: string;
  /** The remembered device that asks (its selector), if any: the first second factor forgets every other one. */
  readonly keepDevice?: string | null;
  readonly request: RequestContext;
}

/** The outcome; on `ok` the app is on, every other remembered device forgotten, and these recovery codes are to be shown once. */
export type ConfirmTotpEnrolmentResult =
  | { readonly kind: 'ok'; readonly recoveryCodes: readonly string[] }
  // Not six digits once spaces are dropped.
  | { readonly kind: 'malformed' }
  | { readonly kind: 'wrong-code' }
  // Nothing is being set up: never started, or replaced or finished by another request.
  | { readonly kind: 'not-enrolling' }
  | { readonly kind: 'already-on' }
  // No configured key opens the secret: set it up again.
  | { readonly kind: 'unreadable' };

/**
 * Switches the authenticator app on with a first right code, and makes the first set of
 * recovery codes and queues the notice to the owner, on one transaction: the app is
 * never on without its codes, nor without the owner being told. The code's
 * time step counts as used, so the same code cannot log in after. Every remembered
 * device of the user but the one asking is forgotten then: a device remembered before
 * the second factor would otherwise keep logging in without it. Recorded as
 * `two-factor.enabled` on the user's activity.
 */
export class ConfirmTotpEnrolment {
  constructor(
    private readonly transactions: Transactions,
    private readonly totp: TotpCredentials,
    private readonly box: SecretBox,
    private readonly algorithm: TotpAlgorithm,
    private readonly codeSecrets: RecoveryCodeSecrets,
    private readonly clock: Clock,
    private readonly endSessions: EndSessions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: ConfirmTotpEnrolmentInput): Promise<ConfirmTotpEnrolmentResult> {
    const { userId } = input;
    const credential = await this.totp.find(userId);
    if (!credential) return { kind: 'not-enrolling' };
    if (credential.enabledAt !== null) return { kind: 'already-on' };
    const code = parseSecondFactorCode(input.code);
    if (code.kind !== 'totp') return { kind: 'malformed' };
    const opened = this.box.open(credential.sealedSecret, totpContext(userId));
    if (!opened) return { kind: 'unreadable' };
    const now = this.clock.now();
    const step = this.algorithm.matchStep(opened.plain, code.code, now);
    if (step === null) return { kind: 'wrong-code' };
    const { codes, hashes } = newRecoveryCodes(this.codeSecrets);
    const result = await this.transactions.run(async (tx): Promise<ConfirmTotpEnrolmentResult> => {
      const users = tx.get(userStore);
      const totp = tx.get(totpStore);
      const recoveryCodes = tx.get(recoveryCodeStore);
      const outbox = tx.get(outboxStore);
      // A user deleted meanwhile has nothing being set up any more.
      const owner = await users.findByIdForUpdate(userId);
      if (!owner) return { kind: 'not-enrolling' };
      if (!(await totp.enable(userId, credential.sealedSecret, step, now))) return { kind: 'not-enrolling' };
      await recoveryCodes.replace(userId, hashes);
      await outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change: { kind: 'authenticator-on' } }, now);
      return { kind: 'ok', recoveryCodes: codes };
    });
    if (result.kind === 'ok') {
      await this.endSessions.forgetOtherDevices(userId, input.keepDevice ?? null);
      await this.events.record({ type: 'two-factor.enabled', userId, request: input.request });
    }
    return result;
  }
}
