import { message, type Message } from '../shared/message.js';
import type { Context, Middleware } from 'koa';
import type { ListRememberedDevices, RememberedDevice } from '../../application/devices/list-remembered-devices.js';
import type { ListedSession, ListSessions } from '../../application/devices/list-sessions.js';
import type { RevokeOtherSessions } from '../../application/devices/revoke-other-sessions.js';
import type { RevokeSession } from '../../application/devices/revoke-session.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { describeDevice } from '../shared/device.js';
import { readStringFields } from '../shared/form.js';
import { messages } from '../shared/messages.js';
import { type FlashKind, setFlash } from '../shared/flash.js';
import type { RememberMeCookie } from '../shared/remember-me-cookie.js';
import { logSecurityEvent, requestContext } from '../shared/security-events.js';
import { SESSION_HANDLE_SHAPE } from '../shared/session-id.js';
import { currentSessionHandle, dropSession } from '../shared/sessions.js';
import { renderPage } from '../shared/views.js';
import { wordsOf } from '../shared/locale.js';
import type { LocaleWords } from '../../application/shared/ports/translations.js';

/** The sessions page's own address, where each of its forms answers. */
const SESSIONS_PAGE = '/account/sessions';

/** A moment as the page shows it, in its language ("2026-11-25 14:03 UTC" in English), and the exact time for `<time datetime>`. */
interface Moment {
  readonly iso: string;
  readonly text: string;
}

/** One row of the page, everything already in words. */
interface SessionRow {
  readonly handle: string;
  /** The device in the reader's words. */
  readonly device: Message;
  readonly ip: string | null;
  readonly signedIn: Moment | null;
  readonly lastActive: Moment | null;
  readonly current: boolean;
}

/** One remembered device in the page's words. */
interface DeviceRow {
  readonly handle: string;
  /** The device in the reader's words. */
  readonly device: Message;
  readonly ip: string;
  readonly lastUsed: Moment | null;
  readonly expires: Moment | null;
  readonly current: boolean;
}

/**
 * GET /account/sessions, behind loginRequired: every live session of the user, most
 * recently active first, then the devices that keep the user logged in.
 */
export function showSessions(
  listSessions: ListSessions,
  listDevices: ListRememberedDevices,
  rememberCookie: RememberMeCookie,
): Middleware {
  return async (ctx) => {
    const userId = ctx.state.user.id;
    const result = await listSessions.execute({ userId, currentHandle: currentSessionHandle(ctx) });
    // Listing devices has one outcome, `ok`.
    const { devices } = await listDevices.execute({ userId, currentKey: rememberCookie.keyOf(ctx) });
    switch (result.kind) {
      case 'ok': {
        const sessions = result.sessions.map((session) => toRow(session, wordsOf(ctx)));
        return renderPage(ctx, 'devices/account-sessions', {
          title: message('devices:titles.sessions'),
          sessions,
          devices: devices.map((device) => toDeviceRow(device, wordsOf(ctx))),
          hasOthers: sessions.some((session) => !session.current) || devices.some((device) => !device.thisDevice),
        });
      }
      default:
        return unhandled(result.kind);
    }
  };
}

/**
 * POST /account/sessions/revoke with `session`, a row's handle: logs that session out.
 * A field that is no handle is refused before any look-up. The visitor's own session
 * may be chosen too: then they are logged out, as by the logout link.
 */
export function revokeSession(revoke: RevokeSession, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    const userId = ctx.state.user.id;
    const handle = readStringFields(ctx.request.body, ['session'])?.session;
    if (handle === undefined || !SESSION_HANDLE_SHAPE.test(handle)) {
      await logSecurityEvent(ctx, 'session.revoke-refused', { userId, reason: 'malformed' });
      return backToSessions(ctx, 'messageFailure', messages.sessionNotChosen);
    }
    const result = await revoke.execute({
      userId,
      handle,
      currentHandle: currentSessionHandle(ctx),
      request: requestContext(ctx),
    });
    switch (result.kind) {
      case 'ok':
        if (!result.current) return backToSessions(ctx, 'messageSuccess', messages.sessionRevoked);
        // Its record and its remembered device are gone already; the cookies go too, and
        // the visitor is anonymous from here.
        dropSession(ctx);
        rememberCookie.clear(ctx);
        setFlash(ctx, 'messageSuccess', messages.loggedOut);
        return ctx.redirect('/login');
      case 'not-found':
        return backToSessions(ctx, 'messageFailure', messages.sessionNotFound);
      default:
        return unhandled(result);
    }
  };
}

/** POST /account/sessions/revoke-others: logs out every session, and forgets every remembered device, of the user but this one. */
export function revokeOtherSessions(revokeOthers: RevokeOtherSessions, rememberCookie: RememberMeCookie): Middleware {
  return async (ctx) => {
    const userId = ctx.state.user.id;
    const result = await revokeOthers.execute({
      userId,
      currentHandle: currentSessionHandle(ctx),
      currentKey: rememberCookie.keyOf(ctx),
      request: requestContext(ctx),
    });
    switch (result.kind) {
      case 'ok':
        return backToSessions(ctx, 'messageSuccess', messages.otherSessionsRevoked);
      case 'current-unknown':
        return backToSessions(ctx, 'messageFailure', messages.currentSessionUnknown);
      default:
        return unhandled(result);
    }
  };
}

function backToSessions(ctx: Context, kind: FlashKind, text: Message): void {
  setFlash(ctx, kind, text);
  ctx.redirect(SESSIONS_PAGE);
}

/** A session in the page's words: the device named from its User-Agent, times in UTC to the minute. */
function toRow(session: ListedSession, words: LocaleWords): SessionRow {
  return {
    handle: session.handle,
    device: describeDevice(session.userAgent),
    ip: session.ip,
    signedIn: moment(session.createdAt, words),
    lastActive: moment(session.lastSeenAt, words),
    current: session.current,
  };
}

/** A remembered device in the page's words. */
function toDeviceRow(device: RememberedDevice, words: LocaleWords): DeviceRow {
  return {
    handle: device.handle,
    device: describeDevice(device.userAgent),
    ip: device.ip,
    lastUsed: moment(device.lastUsedAt, words),
    expires: moment(device.expiresAt, words),
    current: device.thisDevice,
  };
}

function moment(at: number | null, words: LocaleWords): Moment | null {
  if (at === null) return null;
  return { iso: new Date(at).toISOString(), text: words.text('common.utcTime', { time: words.minute(at) }) };
}
