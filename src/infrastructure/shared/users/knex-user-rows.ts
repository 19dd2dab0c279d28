import { Email } from '../../../domain/shared/email.js';
import type { User } from '../../../domain/shared/user.js';

/** A row of `users` as the drivers return it. */
export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  phone: string | null;
  admin: number | boolean;
  /** pg returns bigint columns as strings. */
  email_verified_at: number | string | null;
  created_at: Date | number | string;
  locked_at: number | string | null;
  last_login_at: number | string | null;
  locale: string | null;
}

/** The columns every query of a user reads. */
export const USER_COLUMNS = [
  'id',
  'email',
  'password_hash',
  'phone',
  'admin',
  'email_verified_at',
  'created_at',
  'locked_at',
  'last_login_at',
  'locale',
];

/** The user a row holds. */
export function toUser(row: UserRow): User {
  return {
    id: Number(row.id),
    email: Email.fromTrusted(row.email),
    passwordHash: row.password_hash,
    phone: row.phone,
    admin: Boolean(row.admin),
    emailVerified: row.email_verified_at !== null,
    // better-sqlite3 stores dates as epoch milliseconds; mysql2 and pg return Date objects.
    createdAt: new Date(row.created_at),
    lockedAt: epochDate(row.locked_at),
    lastLoginAt: epochDate(row.last_login_at),
    locale: row.locale,
  };
}

/** A bigint column of epoch milliseconds (a string from pg) as a Date, or null. */
function epochDate(value: number | string | null): Date | null {
  return value === null ? null : new Date(Number(value));
}

/** SQLite's, MySQL's and PostgreSQL's (SQLSTATE 23505) ways of saying a unique index refused a row. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY' || code === '23505';
}
