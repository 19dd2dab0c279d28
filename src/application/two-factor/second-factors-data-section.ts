import type { User } from '../../domain/shared/user.js';
import { exportTime, type PersonalDataSection, type SectionContent } from '../shared/ports/personal-data.js';
import type { RecoveryCodes } from './ports/recovery-codes.js';
import type { TotpCredentials } from './ports/totp-credentials.js';

/**
 * The export's `secondFactors`: whether an authenticator app is on (or being set up)
 * and since when, and the recovery codes: how many, how many are left, and when each
 * used one was used. Never the sealed secret, a code or a code's hash. Passkeys have
 * their own section.
 */
export class SecondFactorsDataSection implements PersonalDataSection {
  readonly key = 'secondFactors';

  constructor(
    private readonly totp: TotpCredentials,
    private readonly recoveryCodes: RecoveryCodes,
  ) {}

  async read(user: User): Promise<SectionContent> {
    const credential = await this.totp.find(user.id);
    const uses = await this.recoveryCodes.usesOfUser(user.id);
    const usedAt = uses.flatMap((at) => (at === null ? [] : [exportTime(at)]));
    return {
      kind: 'value',
      value: {
        authenticatorApp: credential && {
          state: credential.enabledAt === null ? 'being-set-up' : 'on',
          enabledAt: exportTime(credential.enabledAt),
        },
        recoveryCodes: { total: uses.length, unused: uses.length - usedAt.length, usedAt },
      },
    };
  }
}
