import type { Administration } from '../../application/administration/administration.js';
import type { AuthorizeAdmin } from '../../application/administration/authorize-admin.js';
import type { ListUsers } from '../../application/administration/list-users.js';
import type { SetAdminFlag } from '../../application/administration/set-admin-flag.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`administration.${name}`);

/** The service identifiers of administration: the admin gate, the user list, and what is done to one user. */
export const administrationIds = {
  authorizeAdmin: id<AuthorizeAdmin>('AuthorizeAdmin'),
  listUsers: id<ListUsers>('ListUsers'),
  setAdminFlag: id<SetAdminFlag>('SetAdminFlag'),
  /** The use cases an administrator (or an operator) runs on one user. */
  administration: id<Administration>('Administration'),
};
