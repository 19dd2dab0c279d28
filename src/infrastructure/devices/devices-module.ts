import { DevicesAccountEvents } from '../../application/devices/devices-account-events.js';
import { EndSessions } from '../../application/devices/end-sessions.js';
import { ForgetDevice } from '../../application/devices/forget-device.js';
import { ForgetThisDevice } from '../../application/devices/forget-this-device.js';
import { ListRememberedDevices } from '../../application/devices/list-remembered-devices.js';
import { ListSessions } from '../../application/devices/list-sessions.js';
import { LogInWithRememberedDevice } from '../../application/devices/log-in-with-remembered-device.js';
import { DEVICE_TOKEN_LIFETIME_MS, NEW_DEVICE_DEFAULTS, NoticeLoginDevice } from '../../application/devices/notice-login-device.js';
import { RememberDevice } from '../../application/devices/remember-device.js';
import { RevokeOtherSessions } from '../../application/devices/revoke-other-sessions.js';
import { RevokeSession } from '../../application/devices/revoke-session.js';
import { KnownDevicesDataSection } from '../../application/devices/known-devices-data-section.js';
import { RememberedDevicesDataSection } from '../../application/devices/remembered-devices-data-section.js';
import { SessionsDataSection } from '../../application/devices/sessions-data-section.js';
import { accountsIds } from '../accounts/accounts-ids.js';
import { devicesWeb } from '../../web/devices/devices-routes.js';
import { typedModule } from '../shared/binding.js';
import { cryptoSecretTokens } from '../shared/crypto-secret-tokens.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds as shared } from '../shared/shared-ids.js';
import { memoryStore, sqlStore } from '../shared/transactional-stores.js';
import { rememberTokenStore } from '../../application/devices/ports/remember-tokens.js';
import { knownDeviceStore } from '../../application/devices/ports/known-devices.js';
import { devicesIds as ids } from './devices-ids.js';
import { InMemoryKnownDevices } from './in-memory-known-devices.js';
import { InMemoryRememberTokens } from './in-memory-remember-tokens.js';
import { KnexKnownDevices } from './knex-known-devices.js';
import { KnexRememberTokens } from './knex-remember-tokens.js';

/**
 * Live sessions and remembered devices ("Keep me logged in on this device"): ending
 * them, the sessions page, and the remembered login. Remembered devices are credentials,
 * kept in the app's database also when sessions are in Redis.
 */
export const devices: Feature = {
  name: 'devices',
  module: (config) =>
    typedModule((provide) => {
      provide(ids.clock, (get) => get(shared.clock));
      provide(ids.endSessions, (get) => new EndSessions(get(shared.sessionStorage), get(ids.rememberTokens)));
      provide(ids.listSessions, (get) => new ListSessions(get(shared.sessionStorage), get(shared.sessionClock)));
      provide(ids.revokeSession, (get) => new RevokeSession(get(ids.endSessions), get(shared.sessionClock), get(shared.securityEvents)));
      provide(ids.revokeOtherSessions, (get) => new RevokeOtherSessions(get(ids.endSessions), get(shared.securityEvents)));
      provide(
        ids.rememberDevice,
        (get) => new RememberDevice(get(ids.rememberTokens), cryptoSecretTokens, get(ids.clock), config.rememberMe.lifetimeMs),
      );
      provide(
        ids.logInWithRememberedDevice,
        (get) =>
          new LogInWithRememberedDevice(
            get(ids.rememberTokens),
            get(shared.users),
            get(ids.endSessions),
            cryptoSecretTokens,
            get(ids.clock),
            get(shared.securityEvents),
          ),
      );
      provide(ids.forgetThisDevice, (get) => new ForgetThisDevice(get(ids.rememberTokens)));
      provide(ids.listRememberedDevices, (get) => new ListRememberedDevices(get(ids.rememberTokens), get(ids.clock)));
      provide(ids.forgetDevice, (get) => new ForgetDevice(get(ids.rememberTokens), get(ids.clock), get(shared.securityEvents)));
      provide(
        ids.noticeLoginDevice,
        (get) =>
          new NoticeLoginDevice(get(ids.knownDevices), get(shared.transactions), cryptoSecretTokens, get(ids.clock), get(shared.securityEvents), {
            ...config.newDeviceAlerts,
            ...NEW_DEVICE_DEFAULTS,
          }),
      );
      provide(shared.webFeatures, (get) =>
        devicesWeb({
          listSessions: get(ids.listSessions),
          revokeSession: get(ids.revokeSession),
          revokeOtherSessions: get(ids.revokeOtherSessions),
          rememberDevice: get(ids.rememberDevice),
          logInWithRememberedDevice: get(ids.logInWithRememberedDevice),
          forgetThisDevice: get(ids.forgetThisDevice),
          listRememberedDevices: get(ids.listRememberedDevices),
          forgetDevice: get(ids.forgetDevice),
          noticeLoginDevice: get(ids.noticeLoginDevice),
          pendingLogins: get(accountsIds.pendingLogins),
          confirmSudo: get(shared.confirmSudo),
        }, { secureCookies: config.sessionCookieSecure }),
      );
      provide(shared.purgeTargets, (get) => ({ name: 'remember token', store: get(ids.rememberTokens) }));
      // A device unseen for the cookie's lifetime can no longer be presented.
      provide(shared.purgeTargets, (get) => ({
        name: 'known device',
        store: { purgeExpired: (now: number) => get(ids.knownDevices).purgeUnseenSince(now - DEVICE_TOKEN_LIFETIME_MS) },
      }));
      provide(shared.accountEventSubscribers, (get) => new DevicesAccountEvents(get(shared.sessionStorage)));
      provide(shared.personalDataSections, (get) => new SessionsDataSection(get(shared.sessionStorage), get(shared.clock)));
      provide(shared.personalDataSections, (get) => new RememberedDevicesDataSection(get(ids.rememberTokens), get(shared.clock)));
      provide(shared.personalDataSections, (get) => new KnownDevicesDataSection(get(ids.knownDevices)));
    }),
  storage: {
    sql: () =>
      typedModule((provide) => {
        provide(ids.rememberTokens, (get) => new KnexRememberTokens(get(shared.database)));
        provide(shared.sqlTransactionalStores, () => sqlStore(rememberTokenStore, (trx) => new KnexRememberTokens(trx)));
        provide(ids.knownDevices, (get) => new KnexKnownDevices(get(shared.database)));
        provide(shared.sqlTransactionalStores, () => sqlStore(knownDeviceStore, (trx) => new KnexKnownDevices(trx)));
      }),
    memory: () =>
      typedModule((provide) => {
        provide(ids.rememberTokens, () => new InMemoryRememberTokens());
        provide(shared.memoryTransactionalStores, (get) => memoryStore(rememberTokenStore, get(ids.rememberTokens)));
        provide(ids.knownDevices, () => new InMemoryKnownDevices());
        provide(shared.memoryTransactionalStores, (get) => memoryStore(knownDeviceStore, get(ids.knownDevices)));
      }),
  },
};
