import type { UserId } from '../../domain/shared/user.js';
import type { Passkeys } from '../passkeys/ports/passkeys.js';
import type { RecoveryCodes } from './ports/recovery-codes.js';
import type { TotpCredentials } from './ports/totp-credentials.js';

/** The second factors a user has; any of them makes a login ask for one after the password. */
export interface SecondFactors {
  /** An authenticator app, switched on. */
  readonly totp: boolean;
  /** Unused recovery codes: they stand in for the app or a passkey, and are no second factor alone. */
  readonly recoveryCodesLeft: number;
  /** Registered passkeys. */
  readonly passkeys: number;
}

/** Whether a user has a second factor, and which. */
export function hasSecondFactor(factors: SecondFactors): boolean {
  return factors.totp || factors.passkeys > 0;
}

/** Reads which second factors a user has: the one place that decides whether a login needs one. */
export class GetSecondFactors {
  constructor(
    private readonly totp: TotpCredentials,
    private readonly recoveryCodes: RecoveryCodes,
    private readonly passkeys: Passkeys,
  ) {}

  async execute(userId: UserId): Promise<SecondFactors> {
    const [credential, recoveryCodesLeft, passkeys] = await Promise.all([
      this.totp.find(userId),
      this.recoveryCodes.countUnused(userId),
      this.passkeys.countOfUser(userId),
    ]);
    return { totp: credential?.enabledAt != null, recoveryCodesLeft, passkeys };
  }
}
