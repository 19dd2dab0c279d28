import { parsePhone } from '../../domain/shared/phone.js';
import type { CurrentPasswordCheck, CurrentPasswordRefusal, CurrentPasswordInput } from '../shared/current-password-check.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

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

/** Replaces or removes the phone number, by the rules of sign-up, for a user who typed the current password. */
export class ChangePhone {
  constructor(
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly users: UserRepository,
  ) {}

  async execute(input: ChangePhoneInput): Promise<ChangePhoneResult> {
    const parsed = parsePhone(input.phone);
    if (!parsed.ok) return { kind: 'invalid-phone' };
    const checked = await this.currentPassword.check(input.userId, input.currentPassword, input.clientAddress);
    if (checked.kind !== 'ok') return checked;
    if (!(await this.users.changePhone(input.userId, parsed.phone))) return { kind: 'not-found' };
    return { kind: 'ok', phone: parsed.phone };
  }
}
