import type { Email } from './email.js';

/** Identifier of a user, assigned by the repository when the user is created. */
export type UserId = number;

/** A registered user as the domain sees it. `passwordHash` never leaves the server. */
export interface User {
  readonly id: UserId;
  readonly email: Email;
  readonly passwordHash: string;
  readonly phone: string | null;
  readonly admin: boolean;
  /** True once the owner proved the mailbox (a verification, reset or email-change link). */
  readonly emailVerified: boolean;
  readonly createdAt: Date;
  /** Since when an administrator has kept the user from logging in; null when not locked. */
  readonly lockedAt: Date | null;
  /** The latest successful login through the login form; null before the first. */
  readonly lastLoginAt: Date | null;
  /** The language the owner chose for pages and mail (a locale code); null or absent: none chosen. */
  readonly locale?: string | null;
}

/** What is needed to create a user; the repository assigns id and createdAt; the email starts unverified. */
export interface NewUser {
  readonly email: Email;
  readonly passwordHash: string;
  readonly phone: string | null;
}

/**
 * The largest id a user can have on every database Gatehouse runs on: `users.id` is
 * PostgreSQL's `integer` there (MySQL's is unsigned, SQLite's 64-bit).
 */
export const USER_ID_MAX = 2_147_483_647;

/** True when `value` could be a user id: a positive safe integer. */
export function isUserId(value: unknown): value is UserId {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}
