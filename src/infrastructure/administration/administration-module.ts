import type { Administration } from '../../application/administration/administration.js';
import { AuthorizeAdmin } from '../../application/administration/authorize-admin.js';
import { AuthorizeAdminSecondFactor } from '../../application/administration/authorize-admin-second-factor.js';
import { DeleteUser } from '../../application/administration/delete-user.js';
import { GetUserDetails } from '../../application/administration/get-user-details.js';
import { ListUsers } from '../../application/administration/list-users.js';
import { LockUser } from '../../application/administration/lock-user.js';
import { ResetTwoFactor } from '../../application/administration/reset-two-factor.js';
import { RevokeUserSessions } from '../../application/administration/revoke-user-sessions.js';
import { SendPasswordReset } from '../../application/administration/send-password-reset.js';
import { SetAdminFlag } from '../../application/administration/set-admin-flag.js';
import { SetUserAdmin } from '../../application/administration/set-user-admin.js';
import { UnlockUser } from '../../application/administration/unlock-user.js';
import { administrationWeb } from '../../web/administration/administration-routes.js';
import { auditIds } from '../audit/audit-ids.js';
import { devicesIds } from '../devices/devices-ids.js';
import { linksIds } from '../links/links-ids.js';
import { typedModule } from '../shared/binding.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds as shared } from '../shared/shared-ids.js';
import { twoFactorIds } from '../two-factor/two-factor-ids.js';
import { administrationIds as ids } from './administration-ids.js';

/** What administrators (and operators, from the CLI) do: the admin pages, the user list, and actions on one user. */
export const administration: Feature = {
  name: 'administration',
  module: (config) =>
    typedModule((provide) => {
      provide(ids.authorizeAdmin, (get) => new AuthorizeAdmin(get(shared.users)));
      provide(ids.listUsers, (get) => new ListUsers(get(shared.users), get(shared.clock), get(shared.logger)));
      provide(
        ids.setAdminFlag,
        (get) => new SetAdminFlag(get(shared.users), get(devicesIds.endSessions), get(shared.securityEvents)),
      );
      provide(ids.administration, (get): Administration => {
        const endSessions = get(devicesIds.endSessions);
        const [users, transactions, clock] = [get(shared.users), get(shared.transactions), get(shared.clock)];
        const getSecondFactors = get(twoFactorIds.getSecondFactors);
        return {
          getUserDetails: new GetUserDetails(users, get(shared.sessionStorage), getSecondFactors, get(shared.sessionClock)),
          setUserAdmin: new SetUserAdmin(transactions, endSessions),
          lockUser: new LockUser(transactions, endSessions),
          unlockUser: new UnlockUser(users),
          sendPasswordReset: new SendPasswordReset(users, transactions, get(linksIds.linkTokens), clock, get(shared.throttle)),
          revokeUserSessions: new RevokeUserSessions(users, endSessions),
          deleteUser: new DeleteUser(transactions, endSessions),
          resetTwoFactor: new ResetTwoFactor(transactions, clock),
          confirmSudo: get(shared.confirmSudo),
          authorizeSecondFactor: new AuthorizeAdminSecondFactor(getSecondFactors, config.administration.requireSecondFactor),
        };
      });
      provide(shared.webFeatures, (get) =>
        administrationWeb({
          ...get(ids.administration),
          authorizeAdmin: get(ids.authorizeAdmin),
          listUsers: get(ids.listUsers),
          listAccountActivity: get(auditIds.listAccountActivity),
          authorizeVerifiedEmail: get(linksIds.authorizeVerifiedEmail),
        }),
      );
    }),
  storage: {
    sql: () => typedModule(() => {}),
    memory: () => typedModule(() => {}),
  },
};
