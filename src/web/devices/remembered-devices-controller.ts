import type { Middleware } from 'koa';
import type { ForgetDevice } from '../../application/devices/forget-device.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { readStringFields } from '../shared/form.js';
import { messages } from '../shared/messages.js';
import { setFlash } from '../shared/flash.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import { requestContext } from '../shared/security-events.js';

/**
 * POST /account/sessions/forget-device: the chosen device no longer logs in by itself. When it
 * is this one, its cookie goes too; the session it is in stays logged in.
 */
export function forgetRememberedDevice(forgetDevice: ForgetDevice, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    const userId = ctx.state.user.id;
    const handle = readStringFields(ctx.request.body, ['handle'])?.handle ?? '';
    const result = await forgetDevice.execute({
      userId,
      handle,
      currentKey: rememberCookie.keyOf(ctx),
      request: requestContext(ctx),
    });
    switch (result.kind) {
      case 'forgotten':
        if (result.thisDevice) rememberCookie.clear(ctx);
        setFlash(ctx, 'messageSuccess', messages.rememberedDeviceForgotten);
        break;
      case 'not-found':
        setFlash(ctx, 'messageFailure', messages.rememberedDeviceUnknown);
        break;
      default:
        return unhandled(result);
    }
    ctx.redirect('/account/sessions');
  };
}
