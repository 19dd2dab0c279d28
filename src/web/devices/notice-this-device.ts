import { say } from '../shared/message.js';
import type { Context } from 'koa';
import type { NoticeLoginDevice } from '../../application/devices/notice-login-device.js';
import { unhandled } from '../../application/shared/unhandled.js';
import type { UserId } from '../../domain/shared/user.js';
import { describeDevice, storedAddress } from '../shared/device.js';
import { requestContext } from '../shared/security-events.js';
import type { DeviceCookie } from './device-cookie.js';

/**
 * After any completed login (and a sign-up's): tells the application which device it
 * came from, which alerts the owner when the account has not used it lately, and gives
 * the browser its device token to keep (again, so it lives 400 days from this login).
 */
export async function noticeThisDevice(
  ctx: Context,
  noticeLoginDevice: NoticeLoginDevice,
  cookie: DeviceCookie,
  userId: UserId,
): Promise<void> {
  const result = await noticeLoginDevice.execute({
    userId,
    deviceToken: cookie.read(ctx),
    // In the words of the login's request, as the alert's own language is for a user who chose none.
    device: say(ctx, describeDevice(ctx.get('User-Agent'))),
    request: { ...requestContext(ctx), ip: storedAddress(ctx.ip) },
  });
  switch (result.kind) {
    case 'off':
    case 'account-gone':
      return;
    case 'first-device':
    case 'known':
    case 'alerted':
      cookie.set(ctx, result.deviceToken);
      return;
    default:
      return unhandled(result);
  }
}
