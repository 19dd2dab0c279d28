import type { Administration } from '../../application/administration/administration.js';
import type { AuthorizeAdmin } from '../../application/administration/authorize-admin.js';
import type { CheckAdminAccess } from '../../application/administration/check-admin-access.js';
import type { ListUsers } from '../../application/administration/list-users.js';
import type { SetUserAdmin } from '../../application/administration/set-user-admin.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`administration.${name}`);

/** The service identifiers of administration: the admin gate, the user list, and what is done to one user. */
export const administrationIds = {
  authorizeAdmin: id<AuthorizeAdmin>('AuthorizeAdmin'),
  /** Whether a page's navigation shows the Admin and Users links. */
  checkAdminAccess: id<CheckAdminAccess>('CheckAdminAccess'),
  listUsers: id<ListUsers>('ListUsers'),
  /** Grants or revokes the admin flag: the pages' grant-admin and revoke-admin, and the CLI's `admin grant|revoke`. */
  setUserAdmin: id<SetUserAdmin>('SetUserAdmin'),
  /** The use cases an administrator (or an operator) runs on one user. */
  administration: id<Administration>('Administration'),
};
