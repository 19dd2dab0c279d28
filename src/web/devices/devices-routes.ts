import { message, type Message } from '../shared/message.js';
import { loginRequired } from '../shared/gates.js';
import { postOnly } from '../shared/post-only.js';
import { readOnly } from '../shared/read-only.js';
import type { WebFeature } from '../shared/web-feature.js';
import { deviceCookie } from './device-cookie.js';
import { deviceLoginHooks } from './device-login-hooks.js';
import type { DeviceServices } from './device-services.js';
import { rememberedLogin } from './remembered-login.js';
import * as rememberedDevices from './remembered-devices-controller.js';
import * as sessions from './sessions-controller.js';
import { sessionsSudo } from './sessions-sudo.js';

/**
 * The sessions page: every live session and remembered device of the user, each of
 * which can be logged out or forgotten; the remembered login of every request; and the
 * remembering and forgetting of this device at login and logout; the device check
 * of every login, with its device cookie (`__Host-` with `secureCookies`). Logging a
 * session out, logging out all others and forgetting a device ask for the password
 * first, as every sensitive form does (sudo mode).
 */
export function devicesWeb(services: DeviceServices, options: { readonly secureCookies: boolean }): WebFeature {
  const device = deviceCookie(options);
  return {
    name: 'devices',
    middleware: (kit) => rememberedLogin(services, kit.rememberCookie, device, kit.passport),
    loginHooks: (rememberCookie) => deviceLoginHooks(services, rememberCookie, device),
    routes(router, { rememberCookie }) {
      router.all(
        '/account/sessions',
        loginRequired,
        readOnly,
        sessions.showSessions(services.listSessions, services.listRememberedDevices, rememberCookie),
      );
      const sudo = (label: Message, carry?: readonly string[]) => sessionsSudo(services.confirmSudo, label, carry);
      router.all(
        '/account/sessions/revoke',
        loginRequired,
        postOnly,
        sudo(message('devices:sudo.logOutSession'), ['session']),
        sessions.revokeSession(services.revokeSession, rememberCookie),
      );
      router.all(
        '/account/sessions/revoke-others',
        loginRequired,
        postOnly,
        sudo(message('devices:sudo.logOutAllOther')),
        sessions.revokeOtherSessions(services.revokeOtherSessions, rememberCookie),
      );
      router.all(
        '/account/sessions/forget-device',
        loginRequired,
        postOnly,
        sudo(message('devices:sudo.forgetRememberedDevice'), ['handle']),
        rememberedDevices.forgetRememberedDevice(services.forgetDevice, rememberCookie),
      );
    },
  };
}
