import type { UserId } from '../../domain/shared/user.js';
import type { SecretBox } from './ports/secret-box.js';
import type { TotpAlgorithm } from './ports/totp-algorithm.js';
import type { TotpCredentials } from './ports/totp-credentials.js';
import { totpContext } from './totp-secret.js';

/** The outcome of "Set up": a new secret waits for its first code, or the app is already on. */
export type StartTotpEnrolmentResult = { readonly kind: 'ok' } | { readonly kind: 'already-on' };

/**
 * Makes a new secret for the user's authenticator app, sealed, not yet switched on. A
 * secret set up before and never confirmed is replaced; one switched on is kept.
 */
export class StartTotpEnrolment {
  constructor(
    private readonly totp: TotpCredentials,
    private readonly box: SecretBox,
    private readonly algorithm: TotpAlgorithm,
  ) {}

  async execute(userId: UserId): Promise<StartTotpEnrolmentResult> {
    const sealed = this.box.seal(this.algorithm.newSecret(), totpContext(userId));
    return (await this.totp.savePending(userId, sealed)) ? { kind: 'ok' } : { kind: 'already-on' };
  }
}
