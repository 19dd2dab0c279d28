import { parsePhone } from '../../domain/shared/phone.js';
import type { CurrentPasswordCheck, CurrentPasswordRefusal, CurrentPasswordInput } from '../shared/current-password-check.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import { recordPasswordRefusal } from '../shared/password-refusal-event.js';

/** The change-phone form of a logged-in user, and where it came from. */
export interface ChangePhoneInput extends CurrentPasswordInput {
  /** As typed; blank removes the number. */
  readonly phone: string;
}

/** The outcome of a change of phone number; `phone` is null when it was removed. */
export type ChangePhoneResult =
  | { readonly kind: 'ok'; readonly phone: string | null }
  | { readonly kind: 'invalid-phone' }
  | CurrentPasswordRefusal;

/**
 * Replaces or removes the phone number, by the rules of sign-up, for a user who typed the
 * current password: an `account.phone-changed` event on the user's activity. A wrong
 * current password, or one the throttle kept from being checked, is an `account.refused`.
 */
export class ChangePhone {
  constructor(
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly users: UserRepository,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: ChangePhoneInput): Promise<ChangePhoneResult> {
    const parsed = parsePhone(input.phone);
    if (!parsed.ok) return { kind: 'invalid-phone' };
    const { userId, request } = input;
    const checked = await this.currentPassword.checkChange(userId, input.currentPassword, request.ip, input.confirmedAt ?? null);
    if (checked.kind !== 'ok') {
      await recordPasswordRefusal(this.events, 'account.refused', userId, checked, request);
      return checked;
    }
    if (!(await this.users.changePhone(userId, parsed.phone))) return { kind: 'not-found' };
    await this.events.record({ type: 'account.phone-changed', userId, request });
    return { kind: 'ok', phone: parsed.phone };
  }
}
