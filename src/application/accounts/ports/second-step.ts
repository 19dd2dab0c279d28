import type { UserId } from '../../../domain/shared/user.js';

/**
 * A step a login may need after the password: two-factor login registers one. The login
 * asks every registered step, so it does not know which features add one.
 */
export interface SecondStep {
  /** Whether this user's login must pass this step before it completes. */
  needed(userId: UserId): Promise<boolean>;
}
