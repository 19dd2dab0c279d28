import { isLastAdministrator } from '../shared/user-ref.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { CurrentPasswordCheck, CurrentPasswordRefusal, CurrentPasswordInput } from '../shared/current-password-check.js';
import type { Transactions } from '../shared/ports/transactions.js';

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
 * Deletes the account of a user who typed the current password and confirmed. The
 * user, their links, their audit trail and their second factor go in one transaction,
 * in which the administrators are counted, so the last one cannot leave; then every
 * session of the user ends. The log keeps its lines of the account (docs/security.md).
 */
export class DeleteAccount {
  constructor(
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly transactions: Transactions,
    private readonly endSessions: EndSessions,
  ) {}

  async execute(input: DeleteAccountInput): Promise<DeleteAccountResult> {
    // The fields are judged in the form's order: the password, then the box.
    if (input.currentPassword === '') return { kind: 'current-password-missing' };
    if (!input.confirmed) return { kind: 'not-confirmed' };
    const checked = await this.currentPassword.check(input.userId, input.currentPassword, input.clientAddress);
    if (checked.kind !== 'ok') return checked;

    const result = await this.transactions.run(async ({ users, tokens, audit, passkeys, totp, recoveryCodes }): Promise<DeleteAccountResult> => {
      const user = await users.findById(input.userId);
      if (!user) return { kind: 'not-found' };
      if (await isLastAdministrator(users, user)) return { kind: 'last-admin' };
      await tokens.deleteAllOfUser(input.userId);
      await audit.deleteAllOfUser(input.userId);
      await passkeys.deleteAllOfUser(input.userId);
      await totp.deleteOfUser(input.userId);
      await recoveryCodes.deleteAllOfUser(input.userId);
      await users.delete(input.userId);
      return { kind: 'ok' };
    });
    // Also when the user was already gone: no session may outlive the account.
    if (result.kind === 'ok' || result.kind === 'not-found') await this.endSessions.ofUser(input.userId);
    return result;
  }
}
