import type { Context } from 'koa';
import type { SessionData, SessionDevice, SessionRecord, SessionStorage } from '../../application/shared/ports/session-storage.js';
import { isUserId } from '../../domain/shared/user.js';
import { storedAddress, storedUserAgent } from './device.js';
import type { CreateSessionOptions } from 'koa-session';
import { SESSION_HANDLE_SHAPE, SESSION_ID_SHAPE } from './session-id.js';

/** A koa-session external store (get/set/destroy by session id), as koa-session types it. */
export type SessionStore = NonNullable<CreateSessionOptions['store']>;

/** How long a session lives: both limits are enforced on the server. */
export interface SessionLifetime {
  /** Ends a session not used for this long. */
  readonly idleMs: number;
  /** Ends a session this long after it began (at login, sign-up or first flash). */
  readonly absoluteMs: number;
}

/** The session a request loaded, so that its writes update that record and no other. */
interface Loaded {
  readonly id: string;
  readonly absoluteExpiresAt: number;
  /** Its device as loaded (null when it had none, or it was written by this request). */
  readonly device: SessionDevice | null;
}

/** Requests whose session is moving to a new id (`keepSessionOnNewId`), not starting anew. */
const movingToNewId = new WeakSet<object>();

/**
 * Marks the request's next change of session id (koa-session's `regenerate`) as the same
 * session on a new id: the record under the new id keeps the old one's absolute expiry
 * and device (handle, browser, start), so a re-authentication never lengthens a session
 * and the sessions page shows it as before. Without the mark, a new id is a new session
 * (a login), with lifetimes of its own.
 */
export function keepSessionOnNewId(ctx: Context): void {
  movingToNewId.add(ctx);
}

/**
 * Adapts a `SessionStorage` to koa-session's `store`, adding the rules every store
 * shares: ids not of the server's shape are not even looked up; idle and absolute
 * expiry; the idle expiry moves at most once per `touchEveryMs` instead of on every
 * request; and a request writes to the record it loaded only while that record is
 * alive, so a slow request that began before a logout cannot revive the session.
 * koa-session calls `set` only when the data changed or a save is forced (login,
 * logout): configure it with `rolling: false, renew: false`.
 *
 * A logged-in session is stored with its device (the sessions page): its public
 * handle, copied from the data at login, the User-Agent and address, and when it began.
 * Every write to it (the touch, a change of its data) also notes when and from where it
 * was used, so its last use is known to the minute without a write of its own.
 */
export function koaSessionStore(
  storage: SessionStorage,
  lifetime: SessionLifetime,
  clock: () => number = Date.now,
): SessionStore {
  const touchEveryMs = Math.min(60_000, lifetime.idleMs / 10);
  const loaded = new WeakMap<object, Loaded>();
  /** The session a marked request just ended, whose lifetime its new id carries on. */
  const moving = new WeakMap<object, Loaded>();

  return {
    async get(id, _maxAge, { ctx }) {
      if (!SESSION_ID_SHAPE.test(id)) return undefined;
      const now = clock();
      const record = await storage.find(id, now);
      if (!record) return undefined;
      const wanted = Math.min(now + lifetime.idleMs, record.absoluteExpiresAt);
      if (wanted - record.expiresAt >= touchEveryMs) await storage.touch(id, wanted, now, storedAddress(ctx.ip));
      loaded.set(ctx, { id, absoluteExpiresAt: record.absoluteExpiresAt, device: record.device });
      return dataWithHandle(record);
    },

    async set(id, session, _maxAge, { ctx }) {
      const data = withoutInternals(session as SessionData);
      const userId = userIdOf(data);
      const now = clock();
      const current = loaded.get(ctx);
      if (current?.id === id) {
        const expiresAt = Math.min(now + lifetime.idleMs, current.absoluteExpiresAt);
        // False when a logout destroyed it meanwhile: then nothing is written, on purpose.
        await storage.update(id, { data, userId, expiresAt, ip: storedAddress(ctx.ip) }, now);
        return;
      }
      const before = moving.get(ctx);
      moving.delete(ctx);
      const absoluteExpiresAt = before?.absoluteExpiresAt ?? now + lifetime.absoluteMs;
      const device =
        before?.device && before.device.handle === data.handle
          ? { ...before.device, ip: storedAddress(ctx.ip), lastSeenAt: now }
          : // A login's first write (passport's regenerate) carries the handle before the user id.
            deviceAtLogin(ctx, data, now);
      await storage.insert(id, { data, userId, expiresAt: Math.min(now + lifetime.idleMs, absoluteExpiresAt), absoluteExpiresAt, device });
      loaded.set(ctx, { id, absoluteExpiresAt, device: null });
    },

    async destroy(id, { ctx }) {
      // Only a record this request loaded or wrote can exist: koa-session also "destroys"
      // the id it just drew for a visitor without a session (a first login), and that
      // delete would be a query for nothing on every such login.
      const current = loaded.get(ctx);
      if (current?.id !== id) return;
      await storage.destroy(id);
      loaded.delete(ctx);
      if (movingToNewId.delete(ctx)) moving.set(ctx, current);
    },
  } as SessionStore;
}

/**
 * The stored data, with the stored handle as the session's own: a session stored before
 * handles existed got one in storage only, and so is told apart ("This device") with no
 * write. koa-session then sees the same data it loaded, and saves nothing for it.
 */
function dataWithHandle(record: SessionRecord): SessionData {
  const handle = record.device?.handle;
  return handle === undefined || record.data.handle === handle ? record.data : { ...record.data, handle };
}

/** The device of a session being stored for the first time: the login's handle, browser and address. */
function deviceAtLogin(ctx: Context, data: SessionData, now: number): SessionDevice | null {
  const { handle } = data;
  if (typeof handle !== 'string' || !SESSION_HANDLE_SHAPE.test(handle)) return null;
  return {
    handle,
    userAgent: storedUserAgent(ctx.get('user-agent')),
    ip: storedAddress(ctx.ip),
    createdAt: now,
    lastSeenAt: now,
  };
}

/** koa-session's own bookkeeping (`_expire`, `_maxAge`, …) stays out of storage. */
function withoutInternals(session: SessionData): SessionData {
  return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));
}

/** The passport user id, stored in its own indexed column so a user's sessions can be ended. */
function userIdOf(data: SessionData): number | null {
  const user = (data.passport as { user?: unknown } | undefined)?.user;
  return isUserId(user) ? user : null;
}
