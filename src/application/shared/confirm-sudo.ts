import type { UserId } from '../../domain/shared/user.js';
import type { CurrentPasswordCheck, CurrentPasswordRefusal } from './current-password-check.js';
import type { Clock } from './ports/clock.js';
import type { RequestContext, SecurityEvents } from './ports/security-events.js';
import { recordPasswordRefusal } from './password-refusal-event.js';

/** An administrator about to act, and what their session knows of their last confirmation. */
export interface ConfirmSudoInput {
  readonly userId: UserId;
  /** When this session last confirmed the password (epoch ms), or null. */
  readonly confirmedAt: number | null;
  /** The password typed on the confirmation page; null when none was asked for yet. */
  readonly password: string | null;
  /** The request it came in: its address keys the login throttle; all of it goes with the event. */
  readonly request: RequestContext;
}

/** Whether the action may go on, and if not, what to ask or say. */
export type ConfirmSudoResult =
  // Confirmed within the window: no password is asked.
  | { readonly kind: 'fresh' }
  // The password just typed is right: the window starts again at `at`.
  | { readonly kind: 'confirmed'; readonly at: number }
  // Ask for the password.
  | { readonly kind: 'password-needed' }
  | CurrentPasswordRefusal;

/**
 * Sudo mode, GitHub's model: an administrator's action needs the password typed again
 * unless the session confirmed it within the last `windowMs`. The password is checked
 * like the account settings' current password: a wrong one counts as a failed login of
 * the administrator's email and address, so a stolen session cannot guess it faster
 * than the login form allows. A password confirmed is a `sudo.confirmed` event; a wrong
 * one, or one the throttle kept from being checked, a `sudo.refused`.
 */
export class ConfirmSudo {
  constructor(
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly clock: Clock,
    /** How long a confirmation lasts (SUDO_SECONDS). */
    readonly windowMs: number,
    private readonly events: SecurityEvents,
  ) {}

  /**
   * Whether a confirmation at `confirmedAt` still holds, for at least `atLeastMs` even
   * when the window is shorter (`SUDO_SECONDS=0`: the step right after the password
   * page, such as a passkey's registration after "Add a passkey", still works).
   */
  isFresh(confirmedAt: number | null, atLeastMs = 0): boolean {
    const now = this.clock.now();
    return confirmedAt !== null && confirmedAt <= now && now - confirmedAt < Math.max(this.windowMs, atLeastMs);
  }

  async execute(input: ConfirmSudoInput): Promise<ConfirmSudoResult> {
    const now = this.clock.now();
    const { confirmedAt } = input;
    if (confirmedAt !== null && confirmedAt <= now && now - confirmedAt < this.windowMs) return { kind: 'fresh' };
    if (input.password === null) return { kind: 'password-needed' };
    const { userId, request } = input;
    const checked = await this.currentPassword.check(userId, input.password, request.ip);
    if (checked.kind !== 'ok') {
      await recordPasswordRefusal(this.events, 'sudo.refused', userId, checked, request);
      return checked;
    }
    await this.events.record({ type: 'sudo.confirmed', userId, request });
    return { kind: 'confirmed', at: now };
  }
}
