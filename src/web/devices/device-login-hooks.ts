import type { ForgetThisDevice } from '../../application/devices/forget-this-device.js';
import type { RememberDevice } from '../../application/devices/remember-device.js';
import { unhandled } from '../../application/shared/unhandled.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import type { LoginHooks } from '../shared/web-feature.js';
import { rememberThisDevice } from './remember-this-device.js';

/**
 * What remembered devices do at every login and logout. A completed login with
 * "remember" ticked remembers this device, never before the last step; without it, a
 * remember-me cookie of another account (or an older login) is removed, so it cannot
 * log this browser in once this session ends. A logout forgets this device (its token
 * deleted when it is the user's) and removes its cookie either way: someone else's, or
 * one that opens nothing, must not stay behind.
 */
export function deviceLoginHooks(
  useCases: { readonly rememberDevice: RememberDevice; readonly forgetThisDevice: ForgetThisDevice },
  rememberCookie: RememberMeCookie,
): LoginHooks {
  return {
    async afterLogin(ctx, { userId, remember }) {
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
