import { isLastAdministrator } from '../shared/user-ref.js';
import type { CurrentPasswordCheck, CurrentPasswordRefusal, CurrentPasswordInput } from '../shared/current-password-check.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import { type Transactions, userStore } from '../shared/ports/transactions.js';
import { recordPasswordRefusal } from '../shared/password-refusal-event.js';

/** The delete-account form of a logged-in user, and where it came from. */
export interface DeleteAccountInput extends CurrentPasswordInput {
  /** The explicit confirmation (a ticked box). */
  readonly confirmed: boolean;
}

/** The outcome of deleting an account; on `ok` the user, their links, their activity and every session are gone. */
export type DeleteAccountResult =
  | { readonly kind: 'ok' }
  | { readonly kind: 'not-confirmed' }
  // The site would be left with no administrator.
  | { readonly kind: 'last-admin' }
  | CurrentPasswordRefusal;

/**
 * Deletes the account of a user who typed the current password and confirmed: the user
 * and, through the `account-deleted` account event, everything every feature keeps of
 * them (links, activity, second factors, remembered devices; every session ends once
 * it is saved) go in one transaction, in which the administrators are counted, so the
 * last one cannot leave. The log keeps its lines of the account (docs/security.md), the
 * `account.deleted` event included; the last administrator's attempt, a wrong current
 * password, or one the throttle kept from being checked, is an `account.refused`.
 */
export class DeleteAccount {
  constructor(
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly transactions: Transactions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: DeleteAccountInput): Promise<DeleteAccountResult> {
    // The fields are judged in the form's order: the password (an account without one has none), then the box.
    const { userId, request } = input;
    if (input.currentPassword === '' && !(await this.currentPassword.isPasswordless(userId))) return { kind: 'current-password-missing' };
    if (!input.confirmed) return { kind: 'not-confirmed' };
    const checked = await this.currentPassword.checkChange(userId, input.currentPassword, request.ip, input.confirmedAt ?? null);
    if (checked.kind !== 'ok') {
      await recordPasswordRefusal(this.events, 'account.refused', userId, checked, request);
      return checked;
    }

    const result = await this.transactions.run(async (tx): Promise<DeleteAccountResult> => {
      const users = tx.get(userStore);
      const user = await users.findById(userId);
      if (user && (await isLastAdministrator(users, user))) return { kind: 'last-admin' };
      // Also when the user was already gone: nothing of the account, no session, may outlive it.
      await tx.publish({ kind: 'account-deleted', userId });
      if (!user) return { kind: 'not-found' };
      await users.delete(userId);
      return { kind: 'ok' };
    });
    if (result.kind === 'ok') await this.events.record({ type: 'account.deleted', userId, request });
    if (result.kind === 'last-admin') await this.events.record({ type: 'account.refused', userId, reason: result.kind, request });
    return result;
  }
}
