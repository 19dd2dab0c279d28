import type { SessionData, SessionStorage } from '../application/ports/session-storage.js';
import { isUserId } from '../domain/user.js';
import type { SessionStore } from './services.js';
import { SESSION_ID_SHAPE } from './session-id.js';

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
}

/**
 * Adapts a `SessionStorage` to koa-session's `store`, adding the rules every store
 * shares: ids not of the server's shape are not even looked up; idle and absolute
 * expiry; the idle expiry moves at most once per `touchEveryMs` instead of on every
 * request; and a request writes to the record it loaded only while that record is
 * alive, so a slow request that began before a logout cannot revive the session.
 * koa-session calls `set` only when the data changed or a save is forced (login,
 * logout): configure it with `rolling: false, renew: false`.
 */
export function koaSessionStore(
  storage: SessionStorage,
  lifetime: SessionLifetime,
  clock: () => number = Date.now,
): SessionStore {
  const touchEveryMs = Math.min(60_000, lifetime.idleMs / 10);
  const loaded = new WeakMap<object, Loaded>();

  return {
    async get(id, _maxAge, { ctx }) {
      if (!SESSION_ID_SHAPE.test(id)) return undefined;
      const now = clock();
      const record = await storage.find(id, now);
      if (!record) return undefined;
      const wanted = Math.min(now + lifetime.idleMs, record.absoluteExpiresAt);
      if (wanted - record.expiresAt >= touchEveryMs) await storage.touch(id, wanted, now);
      loaded.set(ctx, { id, absoluteExpiresAt: record.absoluteExpiresAt });
      return record.data;
    },

    async set(id, session, _maxAge, { ctx }) {
      const data = withoutInternals(session as SessionData);
      const userId = userIdOf(data);
      const now = clock();
      const current = loaded.get(ctx);
      if (current?.id === id) {
        const expiresAt = Math.min(now + lifetime.idleMs, current.absoluteExpiresAt);
        // False when a logout destroyed it meanwhile: then nothing is written, on purpose.
        await storage.update(id, { data, userId, expiresAt }, now);
        return;
      }
      const absoluteExpiresAt = now + lifetime.absoluteMs;
      await storage.insert(id, {
        data,
        userId,
        expiresAt: Math.min(now + lifetime.idleMs, absoluteExpiresAt),
        absoluteExpiresAt,
      });
      loaded.set(ctx, { id, absoluteExpiresAt });
    },

    async destroy(id, { ctx }) {
      // Only a record this request loaded or wrote can exist: koa-session also "destroys"
      // the id it just drew for a visitor without a session (a first login), and that
      // delete would be a query for nothing on every such login.
      if (loaded.get(ctx)?.id !== id) return;
      await storage.destroy(id);
      loaded.delete(ctx);
    },
  } as SessionStore;
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
