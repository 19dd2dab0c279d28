import { isUserId, type User, type UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { CredentialStamps } from './ports/credential-stamps.js';

/** How long a pending login waits for its second step. */
export const PENDING_LOGIN_MS = 5 * 60 * 1000;

/**
 * A login whose first step (the password) passed and which waits for its second: what
 * the web keeps in the visitor's session between the two, as plain JSON, without
 * knowing its rules. The visitor stays anonymous meanwhile.
 */
export interface PendingLogin {
  readonly userId: UserId;
  /** When the first step passed (epoch ms). */
  readonly startedAt: number;
  /** "Keep me logged in on this device" was ticked: applied only when the login completes. */
  readonly remember: boolean;
  /** The stamp of the user's password at the first step (CredentialStamps): a new password voids the login. */
  readonly stamp: string;
  /** The sign-in provider of the first step, when it was one (its events name it); absent for a password. */
  readonly provider?: string;
}

/**
 * The rules of a pending login: it waits PENDING_LOGIN_MS, and completes only while the
 * user's password is the one of its first step (a change or a reset, which a pending
 * login, not yet a session of the user, escapes otherwise, voids it). The stamp is made
 * once, at the first step; the step that completes the login compares it with the user
 * record it reads anyway.
 */
export class PendingLogins {
  constructor(
    private readonly stamps: CredentialStamps,
    private readonly clock: Clock,
  ) {}

  /** The pending login of `user`, whose password was right just now. */
  start(user: User, remember: boolean, provider?: string): PendingLogin {
    return {
      userId: user.id,
      startedAt: this.clock.now(),
      remember,
      stamp: this.stamps.stampOf(user.passwordHash),
      ...(provider !== undefined && { provider }),
    };
  }

  /** A pending login as read back from the session: null when there is none, 'expired' past its time (no read). */
  read(value: unknown): PendingLogin | 'expired' | null {
    if (!isPendingLogin(value)) return null;
    const age = this.clock.now() - value.startedAt;
    return age < 0 || age >= PENDING_LOGIN_MS ? 'expired' : value;
  }

  /**
   * Whether `pending` may still complete for the user as stored now: in time, and with
   * the same password. A user gone meanwhile is left to the step itself, which refuses
   * a login it cannot complete.
   */
  isLive(pending: PendingLogin, user: User | null): boolean {
    if (this.read(pending) !== pending) return false;
    return user === null || this.stamps.stampOf(user.passwordHash) === pending.stamp;
  }
}

function isPendingLogin(value: unknown): value is PendingLogin {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, startedAt, remember, stamp, provider } = value as Record<string, unknown>;
  return (
    isUserId(userId) &&
    typeof startedAt === 'number' &&
    Number.isFinite(startedAt) &&
    typeof remember === 'boolean' &&
    typeof stamp === 'string' &&
    (provider === undefined || typeof provider === 'string')
  );
}

/** The provider of a pending login's first step, as a security event's field: its refusals name it. */
export function providerOf(login: PendingLogin): { readonly provider?: string } {
  return login.provider === undefined ? {} : { provider: login.provider };
}
