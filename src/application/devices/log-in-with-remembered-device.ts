import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from './end-sessions.js';
import type { Clock } from '../shared/ports/clock.js';
import type { RememberToken, RememberTokens } from './ports/remember-tokens.js';
import type { SecretTokens } from '../shared/ports/secret-tokens.js';
import type { RequestContext, SecurityEvent, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { unhandled } from '../shared/unhandled.js';
import { type IssuedDeviceKey, type RememberedDeviceKey, wellFormedKey } from './remembered-device-key.js';

/**
 * How long after a rotation the validator before it still logs in, once (without
 * rotating again): two requests of one browser that arrive together with the same
 * key both log in, and the slower one is not taken for a thief. docs/security.md weighs it.
 */
export const REMEMBER_ROTATION_GRACE_MS = 60_000;

/** A request with no logged-in session that presents a remembered device's key. */
export interface LogInWithRememberedDeviceInput {
  /** The key as presented; null when what the device sent is not of the shape the app makes. */
  readonly key: RememberedDeviceKey | null;
  /** The public handle of the session a login would start. */
  readonly sessionHandle: string;
  /** The request: its User-Agent and address go on the sessions page, and with its events. */
  readonly request: RequestContext;
}

/** The outcome; every kind but `ok` means the key is no good and goes. */
export type LogInWithRememberedDeviceResult =
  // `renewed` is the rotated key to keep, or null when the device keeps its own: a twin
  // request of the same device rotated it an instant ago and was given the new one.
  | { readonly kind: 'ok'; readonly userId: UserId; readonly renewed: IssuedDeviceKey | null }
  // Not of the shape the app makes (tampered, truncated, over-long, none): never looked up.
  | { readonly kind: 'malformed' }
  // No live token has the selector: never issued, expired, forgotten, or its account is gone.
  | { readonly kind: 'unknown' }
  // The selector is live but the validator is neither the current nor the previous one,
  // or is the previous one within the grace after its one login there.
  | { readonly kind: 'wrong-validator'; readonly userId: UserId }
  // A validator replaced longer ago than the grace: a copy of the key was used. Every
  // session and remembered device of the user has ended.
  | { readonly kind: 'theft'; readonly userId: UserId; readonly endedSessions: number };

const MALFORMED: LogInWithRememberedDeviceResult = { kind: 'malformed' };
const UNKNOWN: LogInWithRememberedDeviceResult = { kind: 'unknown' };

/**
 * Logs a remembered device in again once its session has expired or gone: the key's
 * selector finds the token, the validator's hash must match the stored one (compared
 * in constant time), and the validator is replaced by a new one on every use, by a
 * compare-and-set, so a copy of the key works at most until the owner's next use.
 * The validator just replaced logs in once more within the grace, recorded by a
 * compare-and-set as well; after that one login it is refused there like a wrong one.
 * A validator that was replaced longer ago than the grace is a copy that outlived its
 * rotation: everything that keeps the user logged in ends. The token's expiry stays
 * where it was set at login. Each outcome is recorded: `login.remembered` and
 * `remember.theft-detected` on the user's activity, a refusal as `remember.refused`.
 */
export class LogInWithRememberedDevice {
  constructor(
    private readonly tokens: RememberTokens,
    private readonly users: UserRepository,
    private readonly endSessions: EndSessions,
    private readonly secrets: SecretTokens,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
    private readonly graceMs: number = REMEMBER_ROTATION_GRACE_MS,
  ) {}

  async execute(input: LogInWithRememberedDeviceInput): Promise<LogInWithRememberedDeviceResult> {
    const result = await this.logIn(input);
    await this.events.record({ ...eventOf(result), request: input.request });
    return result;
  }

  private async logIn(input: LogInWithRememberedDeviceInput): Promise<LogInWithRememberedDeviceResult> {
    const parts = wellFormedKey(input.key);
    if (!parts) return MALFORMED;
    const now = this.clock.now();
    const token = await this.tokens.find(parts.selector, now);
    if (!token) return UNKNOWN;
    const presented = this.secrets.hashOf(parts.validator);
    if (this.secrets.sameHash(presented, token.validatorHash)) return this.rotate(token, presented, input, now);
    if (this.isPrevious(token, presented)) return this.replayed(token, presented, now);
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
      userAgent: input.request.userAgent,
      ip: input.request.ip,
    };
    if (await this.tokens.rotate(token.selector, token.validatorHash, rotation, now)) {
      const key = { selector: token.selector, validator: next.token };
      return { kind: 'ok', userId: token.userId, renewed: { key, lifetimeMs: token.expiresAt - now } };
    }
    // Lost the compare-and-set: judged again against the token as the winner left it.
    const current = await this.tokens.find(token.selector, now);
    if (!current) return UNKNOWN;
    if (this.isPrevious(current, presented)) return this.replayed(current, presented, now);
    return { kind: 'wrong-validator', userId: current.userId };
  }

  /**
   * The validator before the last rotation: within the grace, the slower twin of a
   * request, let in once (a third request, or a copy, finds the grace used); after it,
   * a stolen copy.
   */
  private async replayed(token: RememberToken, presented: string, now: number): Promise<LogInWithRememberedDeviceResult> {
    if (token.rotatedAt !== null && now - token.rotatedAt <= this.graceMs) {
      if (!(await this.tokens.useGrace(token.selector, presented, now))) {
        return { kind: 'wrong-validator', userId: token.userId };
      }
      if (!(await this.accountExists(token))) return UNKNOWN;
      return { kind: 'ok', userId: token.userId, renewed: null };
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

/** The security event of an outcome, as the log and the activity page show it. */
function eventOf(result: LogInWithRememberedDeviceResult): Omit<SecurityEvent, 'request'> {
  switch (result.kind) {
    case 'ok':
      return { type: 'login.remembered', userId: result.userId };
    case 'malformed':
    case 'unknown':
      return { type: 'remember.refused', reason: result.kind };
    case 'wrong-validator':
      return { type: 'remember.refused', userId: result.userId, reason: result.kind };
    case 'theft':
      return { type: 'remember.theft-detected', userId: result.userId };
    default:
      return unhandled(result);
  }
}
