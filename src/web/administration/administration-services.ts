import type { Administration } from '../../application/administration/administration.js';
import type { AuthorizeAdmin } from '../../application/administration/authorize-admin.js';
import type { CheckAdminAccess } from '../../application/administration/check-admin-access.js';
import type { ListUsers } from '../../application/administration/list-users.js';
import type { ListAccountActivity } from '../../application/audit/list-account-activity.js';
import type { ListAdminTrail } from '../../application/audit/list-admin-trail.js';
import type { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';

/** The use cases of the administration pages: /admin, /users and what an administrator does to one user. */
export interface AdministrationServices extends Administration {
  /** The admin gate: the user record's flag, read on every request. */
  readonly authorizeAdmin: AuthorizeAdmin;
  /** Every page's navigation: whether to show the Admin and Users links. */
  readonly checkAdminAccess: CheckAdminAccess;
  readonly listUsers: ListUsers;
  /** The user page shows the user's activity. */
  readonly listAccountActivity: ListAccountActivity;
  /** /admin/audit: every administrator's and operator's act. */
  readonly listAdminTrail: ListAdminTrail;
  /** The EMAIL_VERIFICATION gate, behind the admin gate. */
  readonly authorizeVerifiedEmail: AuthorizeVerifiedEmail;
}
