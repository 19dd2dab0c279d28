import type { Container } from 'inversify';
import type { Knex } from 'knex';
import type { AuthThrottle } from '../../application/shared/auth-throttle.js';
import type { EndSessions } from '../../application/devices/end-sessions.js';
import type { Logger } from '../../application/shared/ports/logger.js';
import type { Passkeys } from '../../application/passkeys/ports/passkeys.js';
import type { RecoveryCodes } from '../../application/two-factor/ports/recovery-codes.js';
import type { SecretBox } from '../../application/two-factor/ports/secret-box.js';
import type { TotpCredentials } from '../../application/two-factor/ports/totp-credentials.js';
import type { Transactions } from '../../application/shared/ports/transactions.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import { ConfirmTotpEnrolment } from '../../application/two-factor/confirm-totp-enrolment.js';
import { DisableTwoFactor } from '../../application/two-factor/disable-two-factor.js';
import { GetSecondFactors } from '../../application/two-factor/get-second-factors.js';
import { RegenerateRecoveryCodes } from '../../application/two-factor/regenerate-recovery-codes.js';
import { RekeyTotpSecrets } from '../../application/two-factor/rekey-totp-secrets.js';
import { ShowTwoFactor } from '../../application/two-factor/show-two-factor.js';
import { StampCredentials } from '../../application/accounts/stamp-credentials.js';
import { StartTotpEnrolment } from '../../application/two-factor/start-totp-enrolment.js';
import { VerifySecondFactor } from '../../application/two-factor/verify-second-factor.js';
import type { TwoFactorServices } from '../../web/services.js';
import type { Config } from '../config.js';
import { KnexRecoveryCodes } from './knex-recovery-codes.js';
import { KnexTotpCredentials } from './knex-totp-credentials.js';
import { AesGcmSecretBox } from './aes-gcm-secret-box.js';
import { cryptoCredentialStamps } from '../accounts/crypto-credential-stamps.js';
import { cryptoRecoveryCodes } from './crypto-recovery-codes.js';
import { developmentDataKey } from './development-data-key.js';
import { otpauthTotp } from './otpauth-totp.js';
import { systemClock } from '../shared/system-clock.js';
import { ids } from '../composition/ids.js';

/**
 * The second factor: sealed TOTP secrets and hashed recovery codes in the app's
 * database, the data key (DATA_ENCRYPTION_KEY, or outside production a development key
 * file, made when first needed), and the use cases of the login and of the setup.
 */
export function bindTwoFactor(container: Container, config: Config, logger: Logger): void {
  container.bind(ids.secretBox).toResolvedValue(() => {
    const keys = config.dataEncryptionKeys;
    return new AesGcmSecretBox(keys.length > 0 ? keys : [developmentDataKey(config.database.url, logger)]);
  });
  container.bind(ids.totpCredentials).toResolvedValue((db: Knex) => new KnexTotpCredentials(db), [ids.database]);
  container.bind(ids.recoveryCodes).toResolvedValue((db: Knex) => new KnexRecoveryCodes(db), [ids.database]);
  container
    .bind(ids.rekeyTotpSecrets)
    .toResolvedValue(
      (totp: TotpCredentials, box: SecretBox) => new RekeyTotpSecrets(totp, box),
      [ids.totpCredentials, ids.secretBox],
    );
  // One reader of a user's second factors, for the login, the pages and the administration;
  // it needs no data key, so the CLI's commands can use it without opening one.
  container
    .bind(ids.getSecondFactors)
    .toResolvedValue(
      (totp: TotpCredentials, recoveryCodes: RecoveryCodes, passkeys: Passkeys) =>
        new GetSecondFactors(totp, recoveryCodes, passkeys),
      [ids.totpCredentials, ids.recoveryCodes, ids.passkeys],
    );
  container.bind(ids.twoFactorServices).toResolvedValue(
    (
      users: UserRepository,
      totp: TotpCredentials,
      recoveryCodes: RecoveryCodes,
      box: SecretBox,
      transactions: Transactions,
      throttle: AuthThrottle,
      passkeys: Passkeys,
      endSessions: EndSessions,
      getSecondFactors: GetSecondFactors,
    ): TwoFactorServices => ({
      getSecondFactors,
      verifySecondFactor: new VerifySecondFactor(
        users,
        totp,
        recoveryCodes,
        passkeys,
        box,
        otpauthTotp,
        cryptoRecoveryCodes,
        throttle,
        systemClock,
      ),
      showTwoFactor: new ShowTwoFactor(users, totp, recoveryCodes, passkeys, box, otpauthTotp),
      startTotpEnrolment: new StartTotpEnrolment(totp, box, otpauthTotp),
      confirmTotpEnrolment: new ConfirmTotpEnrolment(
        transactions,
        totp,
        box,
        otpauthTotp,
        cryptoRecoveryCodes,
        systemClock,
        endSessions,
      ),
      regenerateRecoveryCodes: new RegenerateRecoveryCodes(transactions, cryptoRecoveryCodes, systemClock),
      disableTwoFactor: new DisableTwoFactor(transactions, systemClock),
      stampCredentials: new StampCredentials(users, cryptoCredentialStamps),
      clock: systemClock,
    }),
    [
      ids.users,
      ids.totpCredentials,
      ids.recoveryCodes,
      ids.secretBox,
      ids.transactions,
      ids.throttle,
      ids.passkeys,
      ids.endSessions,
      ids.getSecondFactors,
    ],
  );
}
