import type { ForgetThisDevice } from '../../application/devices/forget-this-device.js';
import type { NoticeLoginDevice } from '../../application/devices/notice-login-device.js';
import type { RememberDevice } from '../../application/devices/remember-device.js';
import { unhandled } from '../../application/shared/unhandled.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import type { LoginHooks } from '../shared/web-feature.js';
import type { DeviceCookie } from './device-cookie.js';
import { noticeThisDevice } from './notice-this-device.js';
import { rememberThisDevice } from './remember-this-device.js';

/**
 * What devices do at every login and logout. Every completed login (and the sign-up's)
 * is checked against the devices the account has used, which may alert its owner, and
 * the browser keeps its device cookie. A completed login with
 * "remember" ticked remembers this device, never before the last step; without it, a
 * remember-me cookie of another account (or an older login) is removed, so it cannot
 * log this browser in once this session ends. A logout forgets this device (its token
 * deleted when it is the user's) and removes its cookie either way: someone else's, or
 * one that opens nothing, must not stay behind.
 */
export function deviceLoginHooks(
  useCases: {
    readonly rememberDevice: RememberDevice;
    readonly forgetThisDevice: ForgetThisDevice;
    readonly noticeLoginDevice: NoticeLoginDevice;
  },
  rememberCookie: RememberMeCookie,
  deviceCookie: DeviceCookie,
): LoginHooks {
  return {
    async afterLogin(ctx, { userId, remember }) {
      await noticeThisDevice(ctx, useCases.noticeLoginDevice, deviceCookie, userId);
      if (remember) await rememberThisDevice(ctx, useCases.rememberDevice, rememberCookie, userId);
      else if (rememberCookie.read(ctx) !== undefined) rememberCookie.clear(ctx);
    },
    async beforeLogout(ctx, userId) {
      const forgotten = await useCases.forgetThisDevice.execute({ userId, key: rememberCookie.keyOf(ctx) });
      switch (forgotten.kind) {
        case 'forgotten':
        case 'none':
          rememberCookie.clear(ctx);
          return;
        default:
          return unhandled(forgotten);
      }
    },
  };
}
