import type { Administration } from '../../application/administration/administration.js';
import { AuthorizeAdmin } from '../../application/administration/authorize-admin.js';
import { AuthorizeAdminSecondFactor } from '../../application/administration/authorize-admin-second-factor.js';
import { CheckAdminAccess } from '../../application/administration/check-admin-access.js';
import { DeleteUser } from '../../application/administration/delete-user.js';
import { GetUserDetails } from '../../application/administration/get-user-details.js';
import { ListUsers } from '../../application/administration/list-users.js';
import { LockUser } from '../../application/administration/lock-user.js';
import { ResetTwoFactor } from '../../application/administration/reset-two-factor.js';
import { RevokeAllSessions } from '../../application/administration/revoke-all-sessions.js';
import { RevokeUserSessions } from '../../application/administration/revoke-user-sessions.js';
import { SendPasswordReset } from '../../application/administration/send-password-reset.js';
import { SetUserAdmin } from '../../application/administration/set-user-admin.js';
import { UnlockUser } from '../../application/administration/unlock-user.js';
import { administrationWeb } from '../../web/administration/administration-routes.js';
import { auditIds } from '../audit/audit-ids.js';
import { devicesIds } from '../devices/devices-ids.js';
import { linksIds } from '../links/links-ids.js';
import { providersIds } from '../providers/providers-ids.js';
import { typedModule } from '../shared/binding.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds as shared } from '../shared/shared-ids.js';
import { twoFactorIds } from '../two-factor/two-factor-ids.js';
import { administrationIds as ids } from './administration-ids.js';

/** What administrators (and operators, from the CLI) do: the admin pages, the user list, and actions on one user. */
export const administration: Feature = {
  name: 'administration',
  module: () =>
    typedModule((provide) => {
      provide(ids.authorizeAdmin, (get) => new AuthorizeAdmin(get(shared.users), get(shared.securityEvents)));
      provide(ids.checkAdminAccess, (get) => new CheckAdminAccess(get(shared.users)));
      provide(ids.listUsers, (get) => new ListUsers(get(shared.users), get(shared.clock), get(shared.logger)));
      provide(ids.setUserAdmin, (get) => new SetUserAdmin(get(shared.transactions), get(shared.securityEvents)));
      provide(ids.administration, (get): Administration => {
        const endSessions = get(devicesIds.endSessions);
        const [users, transactions, clock] = [get(shared.users), get(shared.transactions), get(shared.clock)];
        const events = get(shared.securityEvents);
        const getSecondFactors = get(twoFactorIds.getSecondFactors);
        return {
          getUserDetails: new GetUserDetails(users, get(shared.sessionStorage), getSecondFactors, get(shared.sessionClock), get(providersIds.list)),
          setUserAdmin: get(ids.setUserAdmin),
          lockUser: new LockUser(transactions, endSessions, clock, events),
          unlockUser: new UnlockUser(users, events),
          sendPasswordReset: new SendPasswordReset(users, transactions, get(linksIds.linkTokens), clock, get(shared.throttle), events),
          revokeUserSessions: new RevokeUserSessions(transactions, endSessions, clock, events),
          revokeAllSessions: new RevokeAllSessions(endSessions, events),
          deleteUser: new DeleteUser(transactions, events),
          resetTwoFactor: new ResetTwoFactor(transactions, clock, events),
          confirmSudo: get(shared.confirmSudo),
          authorizeSecondFactor: new AuthorizeAdminSecondFactor(get(twoFactorIds.secondFactorPolicy), events),
        };
      });
      provide(shared.webFeatures, (get) =>
        administrationWeb({
          ...get(ids.administration),
          authorizeAdmin: get(ids.authorizeAdmin),
          checkAdminAccess: get(ids.checkAdminAccess),
          listUsers: get(ids.listUsers),
          listAccountActivity: get(auditIds.listAccountActivity),
          listAdminTrail: get(auditIds.listAdminTrail),
          authorizeVerifiedEmail: get(linksIds.authorizeVerifiedEmail),
        }),
      );
    }),
  storage: {
    sql: () => typedModule(() => {}),
    memory: () => typedModule(() => {}),
  },
};
