import type { UserCriteria } from '../../../application/shared/ports/user-repository.js';
import type { User } from '../../../domain/shared/user.js';
import { unhandled } from '../../../application/shared/unhandled.js';

/**
 * Whether a user meets the criteria of a count, list or search: the in-memory
 * adapter's answer to what the Knex adapter asks in SQL. Emails are stored lower-case
 * and the search text is too, so plain string tests are case-insensitive in effect.
 */
export function meetsCriteria(user: User, { filter, search }: UserCriteria): boolean {
  if (search) {
    const email = user.email.value;
    if (search.match === 'prefix' ? !email.startsWith(search.text) : !email.includes(search.text)) return false;
  }
  switch (filter) {
    case null:
      return true;
    case 'admins':
      return user.admin;
    case 'unverified':
      return !user.emailVerified;
    case 'locked':
      return user.lockedAt !== null;
    default:
      return unhandled(filter);
  }
}
