import type { ForgetDevice } from '../../application/devices/forget-device.js';
import type { ForgetThisDevice } from '../../application/devices/forget-this-device.js';
import type { ListRememberedDevices } from '../../application/devices/list-remembered-devices.js';
import type { ListSessions } from '../../application/devices/list-sessions.js';
import type { LogInWithRememberedDevice } from '../../application/devices/log-in-with-remembered-device.js';
import type { RememberDevice } from '../../application/devices/remember-device.js';
import type { NoticeLoginDevice } from '../../application/devices/notice-login-device.js';
import type { RevokeOtherSessions } from '../../application/devices/revoke-other-sessions.js';
import type { RevokeSession } from '../../application/devices/revoke-session.js';
import type { ConfirmSudo } from '../../application/shared/confirm-sudo.js';
import type { PendingLogins } from '../../application/accounts/pending-login.js';

/** The use cases of the sessions page and of remembered devices ("Keep me logged in on this device"). */
export interface DeviceServices {
  readonly listSessions: ListSessions;
  readonly revokeSession: RevokeSession;
  readonly revokeOtherSessions: RevokeOtherSessions;
  readonly rememberDevice: RememberDevice;
  readonly logInWithRememberedDevice: LogInWithRememberedDevice;
  readonly forgetThisDevice: ForgetThisDevice;
  readonly listRememberedDevices: ListRememberedDevices;
  readonly forgetDevice: ForgetDevice;
  /** Every completed login's device check, and its alert. */
  readonly noticeLoginDevice: NoticeLoginDevice;
  /** The rules of a pending login: a remembered login leaves a live one alone. */
  readonly pendingLogins: PendingLogins;
  /** Sudo mode: the password again before ending a session or forgetting a device. */
  readonly confirmSudo: ConfirmSudo;
}
