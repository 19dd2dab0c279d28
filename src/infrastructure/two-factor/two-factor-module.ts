import { SecondFactorsDataSection } from '../../application/two-factor/second-factors-data-section.js';
import { AuthorizeSecondFactor } from '../../application/two-factor/authorize-second-factor.js';
import { ConfirmTotpEnrolment } from '../../application/two-factor/confirm-totp-enrolment.js';
import { DisableTwoFactor } from '../../application/two-factor/disable-two-factor.js';
import { GetSecondFactors } from '../../application/two-factor/get-second-factors.js';
import { RegenerateRecoveryCodes } from '../../application/two-factor/regenerate-recovery-codes.js';
import { RekeyTotpSecrets } from '../../application/two-factor/rekey-totp-secrets.js';
import { SecondFactorMethods } from '../../application/two-factor/second-factor-methods.js';
import { SecondFactorPolicy } from '../../application/two-factor/second-factor-policy.js';
import { ShowTwoFactor } from '../../application/two-factor/show-two-factor.js';
import { StartTotpEnrolment } from '../../application/two-factor/start-totp-enrolment.js';
import { TwoFactorStep } from '../../application/two-factor/two-factor-step.js';
import { TwoFactorAccountEvents } from '../../application/two-factor/two-factor-account-events.js';
import { VerifySecondFactor } from '../../application/two-factor/verify-second-factor.js';
import { twoFactorWeb } from '../../web/two-factor/two-factor-routes.js';
import { accountsIds } from '../accounts/accounts-ids.js';
import { devicesIds } from '../devices/devices-ids.js';
import { typedModule } from '../shared/binding.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds as shared } from '../shared/shared-ids.js';
import { memoryStore, sqlStore } from '../shared/transactional-stores.js';
import { totpStore } from '../../application/two-factor/ports/totp-credentials.js';
import { recoveryCodeStore } from '../../application/two-factor/ports/recovery-codes.js';
import { AesGcmSecretBox } from './aes-gcm-secret-box.js';
import { cryptoRecoveryCodes } from './crypto-recovery-codes.js';
import { developmentDataKey } from './development-data-key.js';
import { InMemorySecondFactorGrace } from './in-memory-second-factor-grace.js';
import { InMemoryRecoveryCodes } from './in-memory-recovery-codes.js';
import { InMemoryTotpCredentials } from './in-memory-totp-credentials.js';
import { KnexSecondFactorGrace } from './knex-second-factor-grace.js';
import { KnexRecoveryCodes } from './knex-recovery-codes.js';
import { KnexTotpCredentials } from './knex-totp-credentials.js';
import { otpauthTotp } from './otpauth-totp.js';
import { twoFactorIds as ids } from './two-factor-ids.js';

/**
 * The second factor: sealed TOTP secrets and hashed recovery codes in the app's
 * database, the data key (DATA_ENCRYPTION_KEY, or outside production a development key
 * file, made when first needed), and the use cases of the login and of the setup.
 */
export const twoFactor: Feature = {
  name: 'two-factor',
  module: (config) =>
    typedModule((provide) => {
      provide(ids.secretBox, (get) => {
        const keys = config.dataEncryptionKeys;
        return new AesGcmSecretBox(keys.length > 0 ? keys : [developmentDataKey(config.database.url, get(shared.logger))]);
      });
      provide(ids.secondFactorMethods, (get) => new SecondFactorMethods(get.all(ids.methods)));
      provide(shared.accountEventSubscribers, () => new TwoFactorAccountEvents());
      provide(
        shared.personalDataSections,
        (get) => new SecondFactorsDataSection(get(ids.totpCredentials), get(ids.recoveryCodes)),
      );
      provide(accountsIds.secondSteps, (get) => new TwoFactorStep(get(ids.getSecondFactors)));
      provide(ids.rekeyTotpSecrets, (get) => new RekeyTotpSecrets(get(ids.totpCredentials), get(ids.secretBox)));
      // One reader of a user's second factors, for the login, the pages and the administration;
      // it needs no data key, so the CLI's commands can use it without opening one.
      provide(
        ids.getSecondFactors,
        (get) => new GetSecondFactors(get(ids.totpCredentials), get(ids.recoveryCodes), get(ids.secondFactorMethods)),
      );
      provide(
        ids.secondFactorPolicy,
        (get) =>
          new SecondFactorPolicy(config.secondFactorPolicy, get(ids.getSecondFactors), get(ids.secondFactorGrace), get(shared.clock)),
      );
      provide(
        ids.authorizeSecondFactor,
        (get) => new AuthorizeSecondFactor(get(ids.secondFactorPolicy), get(shared.securityEvents)),
      );
      provide(
        ids.verifySecondFactor,
        (get) =>
          new VerifySecondFactor(
            get(shared.users),
            get(ids.totpCredentials),
            get(shared.transactions),
            get(ids.secondFactorMethods),
            get(ids.secretBox),
            otpauthTotp,
            cryptoRecoveryCodes,
            get(shared.throttle),
            get(accountsIds.pendingLogins),
            get(shared.clock),
            get(shared.securityEvents),
          ),
      );
      provide(
        ids.showTwoFactor,
        (get) =>
          new ShowTwoFactor(
            get(shared.users),
            get(ids.totpCredentials),
            get(ids.recoveryCodes),
            get(ids.secondFactorMethods),
            get(ids.secretBox),
            otpauthTotp,
          ),
      );
      provide(ids.startTotpEnrolment, (get) => new StartTotpEnrolment(get(ids.totpCredentials), get(ids.secretBox), otpauthTotp));
      provide(
        ids.confirmTotpEnrolment,
        (get) =>
          new ConfirmTotpEnrolment(
            get(shared.transactions),
            get(ids.totpCredentials),
            get(ids.secretBox),
            otpauthTotp,
            cryptoRecoveryCodes,
            get(shared.clock),
            get(devicesIds.endSessions),
            get(shared.securityEvents),
          ),
      );
      provide(
        ids.regenerateRecoveryCodes,
        (get) =>
          new RegenerateRecoveryCodes(
            get(shared.transactions),
            get(ids.secondFactorMethods),
            cryptoRecoveryCodes,
            get(shared.clock),
            get(shared.securityEvents),
          ),
      );
      provide(
        ids.disableTwoFactor,
        (get) =>
          new DisableTwoFactor(get(shared.transactions), get(ids.secondFactorMethods), get(shared.clock), get(shared.securityEvents)),
      );
      provide(shared.webFeatures, (get) =>
        twoFactorWeb({
          getSecondFactors: get(ids.getSecondFactors),
          verifySecondFactor: get(ids.verifySecondFactor),
          showTwoFactor: get(ids.showTwoFactor),
          startTotpEnrolment: get(ids.startTotpEnrolment),
          confirmTotpEnrolment: get(ids.confirmTotpEnrolment),
          regenerateRecoveryCodes: get(ids.regenerateRecoveryCodes),
          disableTwoFactor: get(ids.disableTwoFactor),
          pendingLogins: get(accountsIds.pendingLogins),
          confirmSudo: get(shared.confirmSudo),
          authorizeSecondFactor: get(ids.authorizeSecondFactor),
        }),
      );
    }),
  storage: {
    sql: () =>
      typedModule((provide) => {
        provide(ids.totpCredentials, (get) => new KnexTotpCredentials(get(shared.database)));
        provide(ids.recoveryCodes, (get) => new KnexRecoveryCodes(get(shared.database)));
        provide(ids.secondFactorGrace, (get) => new KnexSecondFactorGrace(get(shared.database)));
        provide(shared.sqlTransactionalStores, () => sqlStore(totpStore, (trx) => new KnexTotpCredentials(trx)));
        provide(shared.sqlTransactionalStores, () => sqlStore(recoveryCodeStore, (trx) => new KnexRecoveryCodes(trx)));
      }),
    memory: () =>
      typedModule((provide) => {
        provide(ids.totpCredentials, () => new InMemoryTotpCredentials());
        provide(ids.recoveryCodes, () => new InMemoryRecoveryCodes());
        provide(ids.secondFactorGrace, () => new InMemorySecondFactorGrace());
        provide(shared.memoryTransactionalStores, (get) => memoryStore(totpStore, get(ids.totpCredentials)));
        provide(shared.memoryTransactionalStores, (get) => memoryStore(recoveryCodeStore, get(ids.recoveryCodes)));
      }),
  },
};
