import type { EndSessions } from '../../application/devices/end-sessions.js';
import type { ForgetDevice } from '../../application/devices/forget-device.js';
import type { ForgetThisDevice } from '../../application/devices/forget-this-device.js';
import type { ListRememberedDevices } from '../../application/devices/list-remembered-devices.js';
import type { ListSessions } from '../../application/devices/list-sessions.js';
import type { LogInWithRememberedDevice } from '../../application/devices/log-in-with-remembered-device.js';
import type { KnownDevices } from '../../application/devices/ports/known-devices.js';
import type { NoticeLoginDevice } from '../../application/devices/notice-login-device.js';
import type { RememberTokens } from '../../application/devices/ports/remember-tokens.js';
import type { RememberDevice } from '../../application/devices/remember-device.js';
import type { RevokeOtherSessions } from '../../application/devices/revoke-other-sessions.js';
import type { RevokeSession } from '../../application/devices/revoke-session.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`devices.${name}`);

/** The service identifiers of live sessions and remembered devices. */
export const devicesIds = {
  /** The clock remembered devices expire and rotate by: the app's, which a browser test moves on its own. */
  clock: id<Clock>('Clock'),
  rememberTokens: id<RememberTokens>('RememberTokens'),
  endSessions: id<EndSessions>('EndSessions'),
  listSessions: id<ListSessions>('ListSessions'),
  revokeSession: id<RevokeSession>('RevokeSession'),
  revokeOtherSessions: id<RevokeOtherSessions>('RevokeOtherSessions'),
  rememberDevice: id<RememberDevice>('RememberDevice'),
  logInWithRememberedDevice: id<LogInWithRememberedDevice>('LogInWithRememberedDevice'),
  forgetThisDevice: id<ForgetThisDevice>('ForgetThisDevice'),
  listRememberedDevices: id<ListRememberedDevices>('ListRememberedDevices'),
  forgetDevice: id<ForgetDevice>('ForgetDevice'),
  knownDevices: id<KnownDevices>('KnownDevices'),
  noticeLoginDevice: id<NoticeLoginDevice>('NoticeLoginDevice'),
};
