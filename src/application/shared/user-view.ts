import type { User, UserId } from '../../domain/shared/user.js';

/** What pages may show of a user: everything but the password hash. */
export interface UserView {
  readonly id: UserId;
  readonly email: string;
  readonly phone: string | null;
  readonly admin: boolean;
  readonly emailVerified: boolean;
  readonly createdAt: Date;
  /** Since when the account is locked; null when it is not. */
  readonly lockedAt: Date | null;
  readonly lastLoginAt: Date | null;
  /** The language chosen for pages and mail; null: none chosen. */
  readonly locale: string | null;
}

/** Strips the hash from a user, so no page can show it by accident. */
export function toUserView(user: User): UserView {
  return {
    id: user.id,
    email: user.email.value,
    phone: user.phone,
    admin: user.admin,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
    lockedAt: user.lockedAt,
    lastLoginAt: user.lastLoginAt,
    locale: user.locale ?? null,
  };
}
