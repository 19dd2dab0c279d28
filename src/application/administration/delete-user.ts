import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { Transactions } from '../shared/ports/transactions.js';
import { findUser, isLastAdministrator, type UserNotFound, type UserRef } from '../shared/user-ref.js';

/** The outcome; on `ok` the user, their links and every session are gone. */
export type DeleteUserResult =
  | { readonly kind: 'ok'; readonly userId: UserId; readonly email: string }
  // The user is the only administrator who can log in: nothing was deleted.
  | { readonly kind: 'last-admin'; readonly userId: UserId; readonly email: string }
  | UserNotFound;

/**
 * Deletes an account (a spam sign-up, say) as its owner's own deletion does: the user,
 * their links, their activity and their second factor in one transaction, in which the
 * administrators are counted, so the only one who can log in is never deleted; then
 * every session of the user ends. A second try finds no user and says so.
 */
export class DeleteUser {
  constructor(
    private readonly transactions: Transactions,
    private readonly endSessions: EndSessions,
  ) {}

  async execute(input: { readonly user: UserRef }): Promise<DeleteUserResult> {
    const result = await this.transactions.run(async ({ users, tokens, audit, passkeys, totp, recoveryCodes }): Promise<DeleteUserResult> => {
      const found = await findUser(users, input.user);
      if (found.kind !== 'found') return found;
      const { user } = found;
      const summary = { userId: user.id, email: user.email.value };
      if (await isLastAdministrator(users, user)) return { kind: 'last-admin', ...summary };
      await tokens.deleteAllOfUser(user.id);
      // Its activity (addresses, browsers) goes with it, as at the owner's own deletion.
      await audit.deleteAllOfUser(user.id);
      await passkeys.deleteAllOfUser(user.id);
      await totp.deleteOfUser(user.id);
      await recoveryCodes.deleteAllOfUser(user.id);
      await users.delete(user.id);
      return { kind: 'ok', ...summary };
    });
    if (result.kind === 'ok') await this.endSessions.ofUser(result.userId);
    // Also when the id names nobody any more: no session may outlive the account.
    else if (result.kind === 'not-found' && 'id' in input.user) await this.endSessions.ofUser(input.user.id);
    return result;
  }
}
