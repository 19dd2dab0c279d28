import type { Administration } from '../../src/application/administration/administration.js';
import { AuthorizeAdminSecondFactor } from '../../src/application/administration/authorize-admin-second-factor.js';
import { ConfirmSudo } from '../../src/application/shared/confirm-sudo.js';
import { DeleteUser } from '../../src/application/administration/delete-user.js';
import { GetUserDetails } from '../../src/application/administration/get-user-details.js';
import { LockUser } from '../../src/application/administration/lock-user.js';
import { ResetTwoFactor } from '../../src/application/administration/reset-two-factor.js';
import { RevokeUserSessions } from '../../src/application/administration/revoke-user-sessions.js';
import { SendPasswordReset } from '../../src/application/administration/send-password-reset.js';
import { SetUserAdmin } from '../../src/application/administration/set-user-admin.js';
import { UnlockUser } from '../../src/application/administration/unlock-user.js';
import type { AuthThrottle } from '../../src/application/shared/auth-throttle.js';
import { CurrentPasswordCheck } from '../../src/application/shared/current-password-check.js';
import type { EndSessions } from '../../src/application/devices/end-sessions.js';
import type { LinkTokens } from '../../src/application/links/link-tokens.js';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import type { PasswordHasher } from '../../src/application/shared/ports/password-hasher.js';
import type { SecurityEvents } from '../../src/application/shared/ports/security-events.js';
import type { SessionStorage } from '../../src/application/shared/ports/session-storage.js';
import type { Transactions } from '../../src/application/shared/ports/transactions.js';
import type { UserRepository } from '../../src/application/shared/ports/user-repository.js';
import type { GetSecondFactors } from '../../src/application/two-factor/get-second-factors.js';

/** SUDO_SECONDS' default, in milliseconds. */
export const TEST_SUDO_MS = 10 * 60 * 1000;

/** What the administration of a test app is built on. */
export interface AdministrationParts {
  readonly users: UserRepository;
  readonly hasher: PasswordHasher;
  readonly throttle: AuthThrottle;
  readonly sessions: SessionStorage;
  /** Ends sessions and remembered devices, on the test app's stores. */
  readonly endSessions: EndSessions;
  readonly transactions: Transactions;
  readonly linkTokens: LinkTokens;
  /** The clock of sudo mode and of the reset links. */
  readonly clock: Clock;
  /** The clock the session store runs on, which the count of live sessions must agree with. */
  readonly sessionClock: Clock;
  readonly sudoMs?: number;
  /** Where sudo mode records its events. */
  readonly securityEvents: SecurityEvents;
  /** The second factors' reader of the test app (its two-factor services'). */
  readonly getSecondFactors: GetSecondFactors;
  /** REQUIRE_2FA_FOR_ADMINS; false unless given. */
  readonly requireSecondFactorForAdmins?: boolean;
}

/** The administration's use cases on a test app's stores. */
export function testAdministration(parts: AdministrationParts): Administration {
  const { users, sessions, transactions, clock } = parts;
  const { endSessions } = parts;
  return {
    getUserDetails: new GetUserDetails(users, sessions, parts.getSecondFactors, parts.sessionClock),
    setUserAdmin: new SetUserAdmin(transactions),
    lockUser: new LockUser(transactions, endSessions),
    unlockUser: new UnlockUser(users),
    sendPasswordReset: new SendPasswordReset(users, transactions, parts.linkTokens, clock, parts.throttle),
    revokeUserSessions: new RevokeUserSessions(users, endSessions),
    deleteUser: new DeleteUser(transactions),
    resetTwoFactor: new ResetTwoFactor(transactions, clock),
    confirmSudo: new ConfirmSudo(new CurrentPasswordCheck(users, parts.hasher, parts.throttle), clock, parts.sudoMs ?? TEST_SUDO_MS, parts.securityEvents),
    authorizeSecondFactor: new AuthorizeAdminSecondFactor(parts.getSecondFactors, parts.requireSecondFactorForAdmins ?? false),
  };
}
