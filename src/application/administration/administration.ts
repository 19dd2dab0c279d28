import type { AuthorizeAdminSecondFactor } from './authorize-admin-second-factor.js';
import type { ConfirmSudo } from '../shared/confirm-sudo.js';
import type { DeleteUser } from './delete-user.js';
import type { GetUserDetails } from './get-user-details.js';
import type { LockUser } from './lock-user.js';
import type { ResetTwoFactor } from './reset-two-factor.js';
import type { RevokeAllSessions } from './revoke-all-sessions.js';
import type { RevokeUserSessions } from './revoke-user-sessions.js';
import type { SendPasswordReset } from './send-password-reset.js';
import type { SetUserAdmin } from './set-user-admin.js';
import type { UnlockUser } from './unlock-user.js';

/**
 * The use cases an administrator runs on one user, from the pages (`/users/:id`) and
 * the CLI alike; the composition root builds them.
 */
export interface Administration {
  readonly getUserDetails: GetUserDetails;
  readonly setUserAdmin: SetUserAdmin;
  readonly lockUser: LockUser;
  readonly unlockUser: UnlockUser;
  readonly sendPasswordReset: SendPasswordReset;
  readonly revokeUserSessions: RevokeUserSessions;
  /** Logs every user out at once (the command line). */
  readonly revokeAllSessions: RevokeAllSessions;
  readonly deleteUser: DeleteUser;
  /** Removes the user's second factors, for one who lost the device. */
  readonly resetTwoFactor: ResetTwoFactor;
  /** The password check of sudo mode, before each action of the pages. */
  readonly confirmSudo: ConfirmSudo;
  /** REQUIRE_2FA_FOR_ADMINS: the gate behind the admin check of every administration page. */
  readonly authorizeSecondFactor: AuthorizeAdminSecondFactor;
}
