import { Email } from '../../domain/shared/email.js';
import type { User, UserId } from '../../domain/shared/user.js';
import type { UserRepository } from './ports/user-repository.js';

/** The user an administrator acts on: by id (the pages) or by email as typed (the CLI). */
export type UserRef = { readonly id: UserId } | { readonly email: string };

/** A reference that named no user: an email that is no address, or nobody's (or an id nobody has). */
export type UserNotFound = { readonly kind: 'invalid-email' } | { readonly kind: 'not-found' };

/**
 * The user a reference names, read from `users` (a transaction's, inside one); with
 * `forUpdate`, their row is held until the transaction ends (`findByIdForUpdate`).
 */
export async function findUser(
  users: UserRepository,
  ref: UserRef,
  options: { readonly forUpdate?: boolean } = {},
): Promise<{ readonly kind: 'found'; readonly user: User } | UserNotFound> {
  const byId = (id: UserId) => (options.forUpdate ? users.findByIdForUpdate(id) : users.findById(id));
  let user: User | null;
  if ('id' in ref) {
    user = await byId(ref.id);
  } else {
    const email = Email.parse(ref.email);
    if (!email) return { kind: 'invalid-email' };
    const found = await users.findByEmail(email);
    user = found && options.forUpdate ? await byId(found.id) : found;
  }
  return user ? { kind: 'found', user } : { kind: 'not-found' };
}

/**
 * Whether taking `user` away from the administrators who can log in (revoking the
 * flag, locking, deleting) would leave none. Call it inside a transaction
 * (`Transactions`), where the count holds until the change is made.
 */
export async function isLastAdministrator(users: UserRepository, user: User): Promise<boolean> {
  return user.admin && user.lockedAt === null && (await users.countAdmins()) <= 1;
}
