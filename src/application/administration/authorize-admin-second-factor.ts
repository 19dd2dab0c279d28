import type { UserId } from '../../domain/shared/user.js';
import { type GetSecondFactors, hasSecondFactor } from '../two-factor/get-second-factors.js';

/** Whether an administrator may use the administration pages under REQUIRE_2FA_FOR_ADMINS. */
export type AuthorizeAdminSecondFactorResult = { readonly kind: 'allowed' } | { readonly kind: 'no-second-factor' };

/**
 * REQUIRE_2FA_FOR_ADMINS: when required, an administrator without a second factor is
 * kept from the administration pages until they set one up; when not, it allows
 * everyone and reads nothing. It runs after the admin check, so it only ever sees
 * administrators, and reads their second factors afresh, so a reset takes effect on
 * the very next request.
 */
export class AuthorizeAdminSecondFactor {
  constructor(
    private readonly getSecondFactors: GetSecondFactors,
    private readonly required: boolean,
  ) {}

  async execute(userId: UserId): Promise<AuthorizeAdminSecondFactorResult> {
    if (!this.required) return { kind: 'allowed' };
    return hasSecondFactor(await this.getSecondFactors.execute(userId)) ? { kind: 'allowed' } : { kind: 'no-second-factor' };
  }
}
