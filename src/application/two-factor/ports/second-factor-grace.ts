import type { UserId } from '../../../domain/shared/user.js';

/** When each account's REQUIRE_2FA_GRACE_DAYS began: its first login after the policy applied to it. */
export interface SecondFactorGrace {
  /**
   * Stores `now` as the start of the user's grace unless one is stored already, and
   * answers the stored start (epoch milliseconds): the first call wins, on every database.
   */
  startOnce(userId: UserId, now: number): Promise<number>;
}
