import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from './end-sessions.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RememberToken, RememberTokens } from './ports/remember-tokens.js';
import type { SecretTokens } from '../shared/ports/secret-tokens.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { type RememberCookie, parseRememberCookie, rememberCookieValue } from './remember-cookie.js';

/**
 * How long after a rotation the validator before it still logs in (without rotating
 * again): two requests of one browser that arrive together with the same cookie both
 * log in, and the slower one is not taken for a thief. docs/security.md weighs it.
 */
export const REMEMBER_ROTATION_GRACE_MS = 60_000;

/** A request with no logged-in session that carries a remember-me cookie. */
export interface LogInWithRememberedDeviceInput {
  /** The cookie's value as sent: anything. */
  readonly cookie: string;
  /** The public handle of the session a login would start. */
  readonly sessionHandle: string;
  /** The User-Agent (cut to 512 characters) and the client address, for the sessions page. */
  readonly userAgent: string;
  readonly clientAddress: string;
}

/** The outcome; every kind but `ok` means the cookie is no good and goes. */
export type LogInWithRememberedDeviceResult =
  // `cookie` is the rotated one to set, or null when the browser keeps its own: a twin
  // request of the same browser rotated it an instant ago and set the new one.
  | { readonly kind: 'ok'; readonly userId: UserId; readonly cookie: RememberCookie | null }
  // Not of the shape the app makes (tampered, truncated, over-long): never looked up.
  | { readonly kind: 'malformed' }
  // No live token has the selector: never issued, expired, forgotten, or its account is gone.
  | { readonly kind: 'unknown' }
  // The selector is live but the validator is neither the current nor the previous one.
  | { readonly kind: 'wrong-validator'; readonly userId: UserId }
  // A validator replaced longer ago than the grace: a copy of the cookie was used. Every
  // session and remembered device of the user has ended.
  | { readonly kind: 'theft'; readonly userId: UserId; readonly endedSessions: number };

const MALFORMED: LogInWithRememberedDeviceResult = { kind: 'malformed' };
const UNKNOWN: LogInWithRememberedDeviceResult = { kind: 'unknown' };

/**
 * Logs a remembered device in again once its session has expired or gone: the cookie's
 * selector finds the token, the validator's hash must match the stored one (compared
 * in constant time), and the validator is replaced by a new one on every use, by a
 * compare-and-set, so a copy of the cookie works at most until the owner's next use.
 * A validator that was replaced longer ago than the grace is a copy that outlived its
 * rotation: everything that keeps the user logged in ends. The token's expiry stays
 * where it was set at login.
 */
export class LogInWithRememberedDevice {
  constructor(
    private readonly tokens: RememberTokens,
    private readonly users: UserRepository,
    private readonly endSessions: EndSessions,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
    private readonly graceMs: number = REMEMBER_ROTATION_GRACE_MS,
  ) {}

  async execute(input: LogInWithRememberedDeviceInput): Promise<LogInWithRememberedDeviceResult> {
    const parts = parseRememberCookie(input.cookie);
    if (!parts) return MALFORMED;
    const now = this.clock.now();
    const token = await this.tokens.find(parts.selector, now);
    if (!token) return UNKNOWN;
    const presented = this.secrets.hashOf(parts.validator);
    if (this.secrets.sameHash(presented, token.validatorHash)) return this.rotate(token, presented, input, now);
    if (this.isPrevious(token, presented)) return this.replayed(token, now);
    return { kind: 'wrong-validator', userId: token.userId };
  }

  /** The current validator: replaced by a new one, unless another request of the browser did so first. */
  private async rotate(
    token: RememberToken,
    presented: string,
    input: LogInWithRememberedDeviceInput,
    now: number,
  ): Promise<LogInWithRememberedDeviceResult> {
    if (!(await this.accountExists(token))) return UNKNOWN;
    const next = this.secrets.create();
    const rotation = {
      validatorHash: next.hash,
      sessionHandle: input.sessionHandle,
      userAgent: input.userAgent,
      ip: input.clientAddress,
    };
    if (await this.tokens.rotate(token.selector, token.validatorHash, rotation, now)) {
      const value = rememberCookieValue({ selector: token.selector, validator: next.token });
      return { kind: 'ok', userId: token.userId, cookie: { value, maxAgeMs: token.expiresAt - now } };
    }
    // Lost the compare-and-set: judged again against the token as the winner left it.
    const current = await this.tokens.find(token.selector, now);
    if (!current) return UNKNOWN;
    if (this.isPrevious(current, presented)) return this.replayed(current, now);
    return { kind: 'wrong-validator', userId: current.userId };
  }

  /** The validator before the last rotation: the slower twin of a request within the grace, else a stolen copy. */
  private async replayed(token: RememberToken, now: number): Promise<LogInWithRememberedDeviceResult> {
    if (token.rotatedAt !== null && now - token.rotatedAt <= this.graceMs) {
      if (!(await this.accountExists(token))) return UNKNOWN;
      return { kind: 'ok', userId: token.userId, cookie: null };
    }
    const endedSessions = await this.endSessions.ofUser(token.userId);
    return { kind: 'theft', userId: token.userId, endedSessions };
  }

  private isPrevious(token: RememberToken, presented: string): boolean {
    return token.previousValidatorHash !== null && this.secrets.sameHash(presented, token.previousValidatorHash);
  }

  /**
   * Whether the token's account may log in, recorded as its last login when it may. A
   * token whose account is gone (deleted while it was in use) or locked (a lock forgets
   * every device, but one may have been in use at that moment) is deleted, not used.
   */
  private async accountExists(token: RememberToken): Promise<boolean> {
    if (await this.users.recordLogin(token.userId)) return true;
    await this.tokens.delete(token.userId, token.selector);
    return false;
  }
}
