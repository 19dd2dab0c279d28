import type { UserId } from '../../domain/shared/user.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { findUser, isLastAdministrator, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { userStore } from '../shared/ports/transactions.js';
import { actDone, type ActedBy, actOnNobody, actRefused } from './admin-act.js';

/** Grant (`admin: true`) or revoke (`admin: false`) the flag of a user, by id (the pages) or email (the CLI). */
export interface SetUserAdminInput extends ActedBy {
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
 * Sets or clears a user's administrator flag, from the administration pages and the
 * command line (`admin grant|revoke`) alike: the only way to make an administrator. The
 * flag of the only administrator who can log in is never revoked (counted in the same
 * transaction, so two administrators revoking each other at once cannot both succeed).
 * A revoke keeps the user's sessions and remembered devices: the admin gate reads the
 * flag on every request, so their next admin page answers "Admin only". Recorded as
 * `admin.granted` or `admin.revoked` on the user's activity (`reason: unchanged` when
 * the flag had the value already), naming who did it; a refusal as `admin.action-refused`.
 */
export class SetUserAdmin {
  constructor(
    private readonly transactions: Transactions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: SetUserAdminInput): Promise<SetUserAdminResult> {
    const result = await this.transactions.run(async (tx): Promise<SetUserAdminResult> => {
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
    await this.events.record(this.eventOf(input, result));
    return result;
  }

  private eventOf(input: SetUserAdminInput, result: SetUserAdminResult) {
    const act = input.admin ? 'grant-admin' : 'revoke-admin';
    switch (result.kind) {
      case 'ok':
        return actDone(input.admin ? 'admin.granted' : 'admin.revoked', input, result, { unchanged: !result.changed });
      case 'last-admin':
        return actRefused(act, input, result.userId, 'last-admin');
      default:
        return actOnNobody(act, input, input.user, result);
    }
  }
}
