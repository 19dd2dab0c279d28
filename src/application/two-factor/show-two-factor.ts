import type { UserId } from '../../domain/user.js';
import type { RecoveryCodes } from '../ports/recovery-codes.js';
import type { SecretBox } from '../ports/secret-box.js';
import type { TotpAlgorithm } from '../ports/totp-algorithm.js';
import type { TotpCredentials } from '../ports/totp-credentials.js';
import type { UserRepository } from '../ports/user-repository.js';
import { openTotpSecret, TOTP_ISSUER } from './totp-secret.js';

/** What /account/two-factor shows. */
export type ShowTwoFactorResult =
  | { readonly kind: 'off' }
  // Set up but not confirmed: the secret, for the QR code and the text, and its URI.
  | { readonly kind: 'enrolling'; readonly secret: string; readonly uri: string }
  | { readonly kind: 'on'; readonly enabledAt: number; readonly recoveryCodesLeft: number }
  // A secret no configured key opens (DATA_ENCRYPTION_KEY lost a key still in use).
  | { readonly kind: 'unreadable' }
  | { readonly kind: 'not-found' };

/** The state of a user's authenticator app, with the secret while it is being set up. */
export class ShowTwoFactor {
  constructor(
    private readonly users: UserRepository,
    private readonly totp: TotpCredentials,
    private readonly recoveryCodes: RecoveryCodes,
    private readonly box: SecretBox,
    private readonly algorithm: TotpAlgorithm,
  ) {}

  async execute(userId: UserId): Promise<ShowTwoFactorResult> {
    const user = await this.users.findById(userId);
    if (!user) return { kind: 'not-found' };
    const credential = await this.totp.find(userId);
    if (!credential) return { kind: 'off' };
    if (credential.enabledAt !== null) {
      const recoveryCodesLeft = await this.recoveryCodes.countUnused(userId);
      return { kind: 'on', enabledAt: credential.enabledAt, recoveryCodesLeft };
    }
    const secret = await openTotpSecret(this.box, this.totp, credential);
    if (secret === null) return { kind: 'unreadable' };
    return { kind: 'enrolling', secret, uri: this.algorithm.uri(secret, user.email.value, TOTP_ISSUER) };
  }
}
