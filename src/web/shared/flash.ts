import type { Context } from 'koa';
import { knownEmptySession } from './lazy-session.js';
import { isLoggedIn } from './passport.js';
import { type Message, say } from './message.js';


/** The two kinds of one-time message, named as the specification names them. */
export type FlashKind = 'messageSuccess' | 'messageFailure';

type Flash = Partial<Record<FlashKind, string>>;

/**
 * A visitor with no identity gets the flash in a cookie of its own, signed, HttpOnly
 * and short-lived, like the form draft: anonymous requests (a bot hitting a gated
 * page, a failed login) then leave no session in the store. A logged-in user's flash
 * lives in the session, which the store keeps anyway.
 */
export const FLASH_COOKIE = 'gatehouse.flash';
const FLASH_MAX_AGE_MS = 5 * 60 * 1000;

/** Longest message kept; ours are one sentence. */
const MESSAGE_MAX_LENGTH = 500;

/** Stores a one-time message, read by the next rendered page, in the words of this request's language. */
export function setFlash(ctx: Context, kind: FlashKind, said: Message): void {
  const text = say(ctx, said);
  if (isLoggedIn(ctx)) {
    const session = ctx.session;
    if (session) session.flash = { ...(session.flash as Flash | undefined), [kind]: text };
    return;
  }
  const flash = { ...parseFlash(ctx.cookies.get(FLASH_COOKIE, { signed: true })), [kind]: text };
  ctx.cookies.set(FLASH_COOKIE, Buffer.from(JSON.stringify(flash)).toString('base64url'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: FLASH_MAX_AGE_MS,
  });
}

/**
 * Takes the pending messages, so they show exactly once. A HEAD request reads them
 * without taking them: it renders nothing a person sees, and changes nothing.
 */
export function takeFlash(ctx: Context): Flash {
  const raw = ctx.cookies.get(FLASH_COOKIE, { signed: true });
  // A session known to be empty holds no flash: it is not made just to be looked at.
  const session = knownEmptySession(ctx) ? null : ctx.session;
  const fromSession = session?.flash as Flash | undefined;
  if (ctx.method !== 'HEAD') {
    if (raw !== undefined) ctx.cookies.set(FLASH_COOKIE, null, { signed: true, secure: ctx.secure });
    if (session && fromSession) delete session.flash;
  }
  return { ...parseFlash(raw), ...fromSession };
}

/** Drops a visitor's pending flash: what was meant for the anonymous visitor ends at login. */
export function clearFlashCookie(ctx: Context): void {
  if (ctx.cookies.get(FLASH_COOKIE, { signed: true }) !== undefined) {
    ctx.cookies.set(FLASH_COOKIE, null, { signed: true, secure: ctx.secure });
  }
}

/** The flash in the cookie's value: only the two kinds, as strings; anything else is dropped. */
function parseFlash(raw: string | undefined): Flash {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const flash: Flash = {};
  for (const kind of ['messageSuccess', 'messageFailure'] as const) {
    const text = (value as Record<string, unknown>)[kind];
    if (typeof text === 'string') flash[kind] = text.slice(0, MESSAGE_MAX_LENGTH);
  }
  return flash;
}
