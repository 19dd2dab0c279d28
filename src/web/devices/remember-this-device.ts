import type { Context } from 'koa';
import type { RememberDevice } from '../../application/devices/remember-device.js';
import type { UserId } from '../../domain/shared/user.js';
import { storedUserAgent } from '../shared/device.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import { currentSessionHandle } from '../shared/sessions.js';

/**
 * After a completed login with "Keep me logged in on this device" ticked: issues a
 * remember-me token bound to the session the login just started, and sets its cookie.
 */
export async function rememberThisDevice(
  ctx: Context,
  rememberDevice: RememberDevice,
  rememberCookie: RememberMeCookie,
  userId: UserId,
): Promise<void> {
  const sessionHandle = currentSessionHandle(ctx);
  if (sessionHandle === null) throw new Error('a login left its session without a handle');
  // Issuing has one outcome, `ok`.
  const { key, lifetimeMs } = await rememberDevice.execute({
    userId,
    sessionHandle,
    currentKey: rememberCookie.keyOf(ctx),
    userAgent: storedUserAgent(ctx.get('User-Agent')),
    clientAddress: ctx.ip,
  });
  rememberCookie.set(ctx, key, lifetimeMs);
}
