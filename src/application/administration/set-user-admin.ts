import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { findUser, isLastAdministrator, type UserNotFound, type UserRef } from '../shared/user-ref.js';

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
      /** Sessions a revoked flag ended. */
      readonly sessionsEnded: number;
    }
  // The user is the only administrator who can log in: the flag stays.
  | { readonly kind: 'last-admin'; readonly userId: UserId; readonly email: string }
  | UserNotFound;

/**
 * Sets or clears a user's administrator flag from the administration pages. The flag
 * of the only administrator who can log in is never revoked (counted in the same
 * transaction, so two administrators revoking each other at once cannot both succeed).
 * A revoke ends every session of the user, as `SetAdminFlag` does, also when repeated.
 */
export class SetUserAdmin {
  constructor(
    private readonly transactions: Transactions,
    private readonly endSessions: EndSessions,
  ) {}

  async execute(input: SetUserAdminInput): Promise<SetUserAdminResult> {
    const result = await this.transactions.run(async ({ users }): Promise<SetUserAdminResult> => {
      const found = await findUser(users, input.user);
      if (found.kind !== 'found') return found;
      const { user } = found;
      const summary = { userId: user.id, email: user.email.value };
      const changed = user.admin !== input.admin;
      if (changed && !input.admin && (await isLastAdministrator(users, user))) return { kind: 'last-admin', ...summary };
      if (changed) await users.setAdmin(user.id, input.admin);
      return { kind: 'ok', ...summary, admin: input.admin, changed, sessionsEnded: 0 };
    });
    if (result.kind !== 'ok' || result.admin) return result;
    // Also when the flag was already clear: a revoke whose sessions failed to end (an
    // outage after the commit) ends them when it is tried again.
    return { ...result, sessionsEnded: await this.endSessions.ofUser(result.userId) };
  }
}
