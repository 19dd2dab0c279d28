import type { UserId } from '../../domain/shared/user.js';
import type { SecurityEvents } from '../shared/ports/security-events.js';
import { type Transactions, userStore } from '../shared/ports/transactions.js';
import { findUser, isLastAdministrator, type UserNotFound, type UserRef } from '../shared/user-ref.js';
import { actDone, type ActedBy, actOnNobody, actRefused } from './admin-act.js';

/** The outcome; on `ok` the user, their links and every session are gone. */
export type DeleteUserResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string }
  // The user is the only administrator who can log in: nothing was deleted.
  | { readonly kind: 'last-admin'; readonly userId: UserId; readonly email: string }
  | UserNotFound;

/**
 * Deletes an account (a spam sign-up, say) as its owner's own deletion does: the user
 * and, through the `account-deleted` account event, everything every feature keeps of
 * them (their activity, addresses and browsers included), in one transaction, in which
 * the administrators are counted, so the only one who can log in is never deleted.
 * A second try finds no user and says so. Recorded as `admin.user-deleted` (in the log
 * only: the account's activity goes with it), naming who did it.
 */
export class DeleteUser {
  constructor(
    private readonly transactions: Transactions,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: { readonly user: UserRef } & ActedBy): Promise<DeleteUserResult> {
    const result = await this.delete(input.user);
    switch (result.kind) {
      case 'ok':
        await this.events.record(actDone('admin.user-deleted', input, result));
        break;
      case 'last-admin':
        await this.events.record(actRefused('delete', input, result.userId, 'last-admin'));
        break;
      default:
        await this.events.record(actOnNobody('delete', input, input.user, result));
    }
    return result;
  }

  private delete(ref: UserRef): Promise<DeleteUserResult> {
    return this.transactions.run(async (tx): Promise<DeleteUserResult> => {
      const users = tx.get(userStore);
      const found = await findUser(users, ref);
      if (found.kind !== 'found') {
        // An id that names nobody any more: no session of it may outlive the account.
        if ('id' in ref) await tx.publish({ kind: 'account-deleted', userId: ref.id });
        return found;
      }
      const { user } = found;
      const summary = { userId: user.id, email: user.email.value };
      if (await isLastAdministrator(users, user)) return { kind: 'last-admin', ...summary };
      await tx.publish({ kind: 'account-deleted', userId: user.id });
      await users.delete(user.id);
      return { kind: 'ok', ...summary };
    });
  }
}
