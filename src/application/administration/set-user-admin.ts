import type { UserId } from '../../domain/shared/user.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { findUser, isLastAdministrator, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { userStore } from '../shared/ports/transactions.js';

/** Grant (`admin: true`) or revoke (`admin: false`) the flag of a user. */
export interface SetUserAdminInput {
  readonly user: UserRef;
  readonly admin: boolean;
}

/** The outcome; `changed` is false when the flag already had the wanted value. */
export type SetUserAdminResult =
  | {
      readonly kind: 'ok';
      readonly userId: UserId;
      readonly email: string;
      readonly admin: boolean;
      readonly changed: boolean;
    }
  // The user is the only administrator who can log in: the flag stays.
  | { readonly kind: 'last-admin'; readonly userId: UserId; readonly email: string }
  | UserNotFound;

/**
 * Sets or clears a user's administrator flag from the administration pages. The flag
 * of the only administrator who can log in is never revoked (counted in the same
 * transaction, so two administrators revoking each other at once cannot both succeed).
 * A revoke keeps the user's sessions, as `SetAdminFlag` does: the admin gate reads the
 * flag on every request, so their next admin page answers "Admin only".
 */
export class SetUserAdmin {
  constructor(private readonly transactions: Transactions) {}

  execute(input: SetUserAdminInput): Promise<SetUserAdminResult> {
    return this.transactions.run(async (tx): Promise<SetUserAdminResult> => {
      const users = tx.get(userStore);
      const found = await findUser(users, input.user);
      if (found.kind !== 'found') return found;
      const { user } = found;
      const summary = { userId: user.id, email: user.email.value };
      const changed = user.admin !== input.admin;
      if (changed && !input.admin && (await isLastAdministrator(users, user))) return { kind: 'last-admin', ...summary };
      if (changed) await users.setAdmin(user.id, input.admin);
      return { kind: 'ok', ...summary, admin: input.admin, changed };
    });
  }
}
