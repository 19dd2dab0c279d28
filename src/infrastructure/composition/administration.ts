import type { Container } from 'inversify';
import type { Administration } from '../../application/administration/administration.js';
import { AuthorizeAdminSecondFactor } from '../../application/administration/authorize-admin-second-factor.js';
import { ConfirmSudo } from '../../application/administration/confirm-sudo.js';
import { DeleteUser } from '../../application/administration/delete-user.js';
import { GetUserDetails } from '../../application/administration/get-user-details.js';
import { LockUser } from '../../application/administration/lock-user.js';
import { ResetTwoFactor } from '../../application/administration/reset-two-factor.js';
import { RevokeUserSessions } from '../../application/administration/revoke-user-sessions.js';
import { SendPasswordReset } from '../../application/administration/send-password-reset.js';
import { SetUserAdmin } from '../../application/administration/set-user-admin.js';
import { UnlockUser } from '../../application/administration/unlock-user.js';
import type { AuthThrottle } from '../../application/auth-throttle.js';
import type { CurrentPasswordCheck } from '../../application/current-password-check.js';
import type { EndSessions } from '../../application/end-sessions.js';
import type { LinkTokens } from '../../application/link-tokens.js';
import type { SessionStorage } from '../../application/ports/session-storage.js';
import type { Transactions } from '../../application/ports/transactions.js';
import type { UserRepository } from '../../application/ports/user-repository.js';
import type { GetSecondFactors } from '../../application/two-factor/get-second-factors.js';
import type { Config } from '../config.js';
import { systemClock } from '../system-clock.js';
import { ids } from './ids.js';

/** What an administrator does to one user, from the pages and the CLI alike. */
export function bindAdministration(container: Container, config: Config): void {
  container.bind(ids.administration).toResolvedValue(
    (
      users: UserRepository,
      sessions: SessionStorage,
      transactions: Transactions,
      endSessions: EndSessions,
      linkTokens: LinkTokens,
      throttle: AuthThrottle,
      check: CurrentPasswordCheck,
      getSecondFactors: GetSecondFactors,
    ): Administration => ({
      getUserDetails: new GetUserDetails(users, sessions, getSecondFactors, systemClock),
      setUserAdmin: new SetUserAdmin(transactions),
      lockUser: new LockUser(transactions, endSessions),
      unlockUser: new UnlockUser(users),
      sendPasswordReset: new SendPasswordReset(users, transactions, linkTokens, systemClock, throttle),
      revokeUserSessions: new RevokeUserSessions(users, endSessions),
      deleteUser: new DeleteUser(transactions, endSessions),
      resetTwoFactor: new ResetTwoFactor(transactions, systemClock),
      confirmSudo: new ConfirmSudo(check, systemClock, config.administration.sudoMs),
      authorizeSecondFactor: new AuthorizeAdminSecondFactor(getSecondFactors, config.administration.requireSecondFactor),
    }),
    [
      ids.users,
      ids.sessionStorage,
      ids.transactions,
      ids.endSessions,
      ids.linkTokens,
      ids.throttle,
      ids.currentPasswordCheck,
      ids.getSecondFactors,
    ],
  );
}
