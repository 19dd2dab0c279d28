import type { UserId } from '../../domain/shared/user.js';
import type { Passkeys } from '../passkeys/ports/passkeys.js';
import type { RecoveryCodes } from './ports/recovery-codes.js';
import type { SecretBox } from './ports/secret-box.js';
import type { TotpAlgorithm } from './ports/totp-algorithm.js';
import type { TotpCredentials } from './ports/totp-credentials.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { openTotpSecret, TOTP_ISSUER } from './totp-secret.js';

/** The other second factors beside the app: passkeys, and the recovery codes that stand in for any factor. */
export interface RecoveryState {
  /** Registered passkeys: with one, the user can have recovery codes while the app is off. */
  readonly passkeys: number;
  readonly recoveryCodesLeft: number;
}

/** What /account/two-factor shows. */
export type ShowTwoFactorResult =
  | ({ readonly kind: 'off' } & RecoveryState)
  // Set up but not confirmed: the secret, for the QR code and the text, and its URI.
  | ({ readonly kind: 'enrolling'; readonly secret: string; readonly uri: string } & RecoveryState)
  | ({ readonly kind: 'on'; readonly enabledAt: number } & RecoveryState)
  // A secret no configured key opens (DATA_ENCRYPTION_KEY lost a key still in use).
  | ({ readonly kind: 'unreadable' } & RecoveryState)
  | { readonly kind: 'not-found' };

/** The state of a user's authenticator app, with the secret while it is being set up, and their recovery codes. */
export class ShowTwoFactor {
  constructor(
    private readonly users: UserRepository,
    private readonly totp: TotpCredentials,
    private readonly recoveryCodes: RecoveryCodes,
    private readonly passkeys: Passkeys,
    private readonly box: SecretBox,
    private readonly algorithm: TotpAlgorithm,
  ) {}

  async execute(userId: UserId): Promise<ShowTwoFactorResult> {
    const user = await this.users.findById(userId);
    if (!user) return { kind: 'not-found' };
    const [credential, passkeys, recoveryCodesLeft] = await Promise.all([
      this.totp.find(userId),
      this.passkeys.countOfUser(userId),
      this.recoveryCodes.countUnused(userId),
    ]);
    const recovery: RecoveryState = { passkeys, recoveryCodesLeft };
    if (!credential) return { kind: 'off', ...recovery };
    if (credential.enabledAt !== null) return { kind: 'on', enabledAt: credential.enabledAt, ...recovery };
    const secret = await openTotpSecret(this.box, this.totp, credential);
    if (secret === null) return { kind: 'unreadable', ...recovery };
    return { kind: 'enrolling', secret, uri: this.algorithm.uri(secret, user.email.value, TOTP_ISSUER), ...recovery };
  }
}
