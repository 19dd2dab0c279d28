import { DeletePasskey } from '../../application/passkeys/delete-passkey.js';
import { FinishPasskeyLogin } from '../../application/passkeys/finish-passkey-login.js';
import { FinishPasskeyRegistration } from '../../application/passkeys/finish-passkey-registration.js';
import { FinishPasskeySecondFactor } from '../../application/passkeys/finish-passkey-second-factor.js';
import { ListPasskeys } from '../../application/passkeys/list-passkeys.js';
import { PasskeyMethod } from '../../application/passkeys/passkey-method.js';
import { PasskeysAccountEvents } from '../../application/passkeys/passkeys-account-events.js';
import { RenamePasskey } from '../../application/passkeys/rename-passkey.js';
import { StartPasskeyLogin } from '../../application/passkeys/start-passkey-login.js';
import { StartPasskeyRegistration } from '../../application/passkeys/start-passkey-registration.js';
import { StartPasskeySecondFactor } from '../../application/passkeys/start-passkey-second-factor.js';
import { passkeysWeb } from '../../web/passkeys/passkeys-routes.js';
import { accountsIds } from '../accounts/accounts-ids.js';
import { devicesIds } from '../devices/devices-ids.js';
import { twoFactorIds } from '../two-factor/two-factor-ids.js';
import { typedModule } from '../shared/binding.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds as shared } from '../shared/shared-ids.js';
import { memoryStore, sqlStore } from '../shared/transactional-stores.js';
import { passkeyStore } from '../../application/passkeys/ports/passkeys.js';
import { InMemoryPasskeys } from './in-memory-passkeys.js';
import { KnexPasskeys } from './knex-passkeys.js';
import { passkeysIds as ids } from './passkeys-ids.js';
import { SimpleWebAuthn } from './simple-web-authn.js';

/** Passkeys: the table, the relying party of APP_URL ("Gatehouse"), and their use cases. */
export const passkeys: Feature = {
  name: 'passkeys',
  module: (config) =>
    typedModule((provide) => {
      provide(ids.webAuthn, () => new SimpleWebAuthn({ name: 'Gatehouse', appUrl: config.appUrl }));
      provide(
        ids.startRegistration,
        (get) => new StartPasskeyRegistration(get(shared.users), get(ids.passkeys), get(ids.webAuthn), get(shared.clock)),
      );
      provide(
        ids.finishRegistration,
        (get) =>
          new FinishPasskeyRegistration(
            get(ids.passkeys),
            get(shared.transactions),
            get(twoFactorIds.secondFactorMethods),
            get(ids.webAuthn),
            get(shared.clock),
            get(shared.securityEvents),
            get(devicesIds.endSessions),
          ),
      );
      provide(
        ids.startLogin,
        (get) => new StartPasskeyLogin(get(ids.webAuthn), get(shared.throttle), get(shared.clock), get(shared.securityEvents)),
      );
      provide(
        ids.finishLogin,
        (get) =>
          new FinishPasskeyLogin(
            get(shared.users),
            get(ids.passkeys),
            get(ids.webAuthn),
            get(shared.throttle),
            get(shared.clock),
            get(shared.securityEvents),
          ),
      );
      provide(
        ids.finishSecondFactor,
        (get) =>
          new FinishPasskeySecondFactor(
            get(shared.users),
            get(accountsIds.pendingLogins),
            get(shared.throttle),
            get(ids.finishLogin),
            get(shared.securityEvents),
          ),
      );
      provide(
        ids.startSecondFactor,
        (get) =>
          new StartPasskeySecondFactor(
            get(shared.users),
            get(ids.passkeys),
            get(ids.webAuthn),
            get(shared.throttle),
            get(accountsIds.pendingLogins),
            get(shared.clock),
            get(shared.securityEvents),
          ),
      );
      provide(ids.list, (get) => new ListPasskeys(get(ids.passkeys)));
      provide(ids.delete, (get) => new DeletePasskey(get(shared.transactions), get(twoFactorIds.secondFactorMethods), get(shared.securityEvents), get(shared.clock)));
      provide(ids.rename, (get) => new RenamePasskey(get(ids.passkeys)));
      provide(twoFactorIds.methods, (get) => new PasskeyMethod(get(ids.passkeys)));
      provide(shared.accountEventSubscribers, () => new PasskeysAccountEvents());
      provide(shared.webFeatures, (get) =>
        passkeysWeb({
          startRegistration: get(ids.startRegistration),
          finishRegistration: get(ids.finishRegistration),
          startLogin: get(ids.startLogin),
          finishLogin: get(ids.finishLogin),
          startSecondFactor: get(ids.startSecondFactor),
          finishSecondFactor: get(ids.finishSecondFactor),
          list: get(ids.list),
          delete: get(ids.delete),
          rename: get(ids.rename),
          confirmSudo: get(shared.confirmSudo),
          pendingLogins: get(accountsIds.pendingLogins),
        }),
      );
    }),
  storage: {
    sql: () =>
      typedModule((provide) => {
        provide(ids.passkeys, (get) => new KnexPasskeys(get(shared.database)));
        provide(shared.sqlTransactionalStores, () => sqlStore(passkeyStore, (trx) => new KnexPasskeys(trx)));
      }),
    memory: () =>
      typedModule((provide) => {
        provide(ids.passkeys, () => new InMemoryPasskeys());
        provide(shared.memoryTransactionalStores, (get) => memoryStore(passkeyStore, get(ids.passkeys)));
      }),
  },
};
