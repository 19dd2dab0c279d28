import type { UserId } from '../../../domain/shared/user.js';

/**
 * Which accounts have no password of their own (made by a sign-in provider): their
 * changes are proven by a fresh sign-in instead of the current password. A feature that
 * makes such accounts answers for them; with none, every account has a password.
 */
export interface PasswordlessAccounts {
  isPasswordless(userId: UserId): Promise<boolean>;
}
