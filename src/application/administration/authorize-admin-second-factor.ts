import type { UserId } from '../../domain/shared/user.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { SecondFactorPolicy } from '../two-factor/second-factor-policy.js';

/** Which administrator asks for an administration page, and in which request. */
export interface AuthorizeAdminSecondFactorInput {
  readonly userId: UserId;
  readonly request?: RequestContext;
}

/** Whether an administrator may use the administration pages under REQUIRE_2FA=admins or all. */
export type AuthorizeAdminSecondFactorResult = { readonly kind: 'allowed' } | { readonly kind: 'no-second-factor' };

/**
 * REQUIRE_2FA=admins or all (REQUIRE_2FA_FOR_ADMINS=true is `admins`): an administrator
 * without a second factor, past their grace, is kept from the administration pages until
 * they set one up (recorded as `admin.two-factor-required`); under `off` it allows
 * everyone and reads nothing. It runs after the admin check, so it only ever sees
 * administrators; the policy reads their second factors afresh, so a reset takes effect
 * on the very next request.
 */
export class AuthorizeAdminSecondFactor {
  constructor(
    private readonly policy: SecondFactorPolicy,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: AuthorizeAdminSecondFactorInput): Promise<AuthorizeAdminSecondFactorResult> {
    if (!(await this.policy.requiredNow(input.userId, true))) return { kind: 'allowed' };
    await this.events.record({
      type: 'admin.two-factor-required',
      userId: input.userId,
      ...(input.request && { request: input.request }),
    });
    return { kind: 'no-second-factor' };
  }
}
