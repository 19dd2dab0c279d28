import type { ConfirmTotpEnrolment } from '../../application/two-factor/confirm-totp-enrolment.js';
import type { DisableTwoFactor } from '../../application/two-factor/disable-two-factor.js';
import type { AuthorizeSecondFactor } from '../../application/two-factor/authorize-second-factor.js';
import type { GetSecondFactors } from '../../application/two-factor/get-second-factors.js';
import type { RecoveryCodes } from '../../application/two-factor/ports/recovery-codes.js';
import type { SecondFactorGrace } from '../../application/two-factor/ports/second-factor-grace.js';
import type { SecretBox } from '../../application/two-factor/ports/secret-box.js';
import type { TotpCredentials } from '../../application/two-factor/ports/totp-credentials.js';
import type { RegenerateRecoveryCodes } from '../../application/two-factor/regenerate-recovery-codes.js';
import type { RekeyTotpSecrets } from '../../application/two-factor/rekey-totp-secrets.js';
import type { ShowTwoFactor } from '../../application/two-factor/show-two-factor.js';
import type { StartTotpEnrolment } from '../../application/two-factor/start-totp-enrolment.js';
import type { SecondFactorPolicy } from '../../application/two-factor/second-factor-policy.js';
import type { SecondFactorMethod, SecondFactorMethods } from '../../application/two-factor/second-factor-methods.js';
import type { VerifySecondFactor } from '../../application/two-factor/verify-second-factor.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`two-factor.${name}`);

/** The service identifiers of two-factor login: the authenticator app, recovery codes, the second step. */
export const twoFactorIds = {
  secretBox: id<SecretBox>('SecretBox'),
  totpCredentials: id<TotpCredentials>('TotpCredentials'),
  recoveryCodes: id<RecoveryCodes>('RecoveryCodes'),
  getSecondFactors: id<GetSecondFactors>('GetSecondFactors'),
  verifySecondFactor: id<VerifySecondFactor>('VerifySecondFactor'),
  showTwoFactor: id<ShowTwoFactor>('ShowTwoFactor'),
  startTotpEnrolment: id<StartTotpEnrolment>('StartTotpEnrolment'),
  confirmTotpEnrolment: id<ConfirmTotpEnrolment>('ConfirmTotpEnrolment'),
  regenerateRecoveryCodes: id<RegenerateRecoveryCodes>('RegenerateRecoveryCodes'),
  disableTwoFactor: id<DisableTwoFactor>('DisableTwoFactor'),
  rekeyTotpSecrets: id<RekeyTotpSecrets>('RekeyTotpSecrets'),
  /** The second factors other features add beside the app (multiple bindings: passkeys'). */
  methods: id<SecondFactorMethod>('Methods'),
  /** Every registered method, asked as one. */
  secondFactorMethods: id<SecondFactorMethods>('SecondFactorMethods'),
  /** When each account's REQUIRE_2FA_GRACE_DAYS began. */
  secondFactorGrace: id<SecondFactorGrace>('SecondFactorGrace'),
  /** REQUIRE_2FA: whether a user must have set up a second factor by now. */
  secondFactorPolicy: id<SecondFactorPolicy>('SecondFactorPolicy'),
  /** REQUIRE_2FA=all: the gate of every page outside the second factor's setup. */
  authorizeSecondFactor: id<AuthorizeSecondFactor>('AuthorizeSecondFactor'),
};
