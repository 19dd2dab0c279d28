import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import { type GetSecondFactors, hasSecondFactor } from './get-second-factors.js';
import type { SecondFactorGrace } from './ports/second-factor-grace.js';

/** The values of REQUIRE_2FA: nobody, administrators, or every user must have a second factor. */
export const SECOND_FACTOR_REQUIREMENTS = ['off', 'admins', 'all'] as const;

/** One of SECOND_FACTOR_REQUIREMENTS. */
export type SecondFactorRequirement = (typeof SECOND_FACTOR_REQUIREMENTS)[number];

/** REQUIRE_2FA and REQUIRE_2FA_GRACE_DAYS. */
export interface SecondFactorPolicySettings {
  readonly requirement: SecondFactorRequirement;
  /** How long after its first login under the policy an account may go without a second factor; 0 for none. */
  readonly graceMs: number;
}

/**
 * Decides whether a user must have set up a second factor by now: the policy applies to
 * them (`admins` to administrators, `all` to everyone), they have none, and their grace
 * (counted from the first time it is asked for them) is over. It reads the second
 * factors afresh on every call, so a setup or a reset takes effect on the next request.
 */
export class SecondFactorPolicy {
  constructor(
    private readonly settings: SecondFactorPolicySettings,
    private readonly getSecondFactors: GetSecondFactors,
    private readonly grace: SecondFactorGrace,
    private readonly clock: Clock,
  ) {}

  /** Whether the policy can ever refuse someone who is (`admin`) or is not an administrator. */
  appliesTo(admin: boolean): boolean {
    const { requirement } = this.settings;
    return requirement === 'all' || (requirement === 'admins' && admin);
  }

  /** Whether this user, an administrator or not, must be sent to set up a second factor now. */
  async requiredNow(userId: UserId, admin: boolean): Promise<boolean> {
    if (!this.appliesTo(admin)) return false;
    if (hasSecondFactor(await this.getSecondFactors.execute(userId))) return false;
    if (this.settings.graceMs === 0) return true;
    const now = this.clock.now();
    const start = await this.grace.startOnce(userId, now);
    return now >= start + this.settings.graceMs;
  }
}
