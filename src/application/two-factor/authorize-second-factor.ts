import type { UserId } from '../../domain/shared/user.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { SecondFactorPolicy } from './second-factor-policy.js';

/** Which logged-in user asks for a page outside the second factor's setup, and in which request. */
export interface AuthorizeSecondFactorInput {
  readonly userId: UserId;
  readonly request?: RequestContext;
}

/** Whether that user may open the page under REQUIRE_2FA=all. */
export type AuthorizeSecondFactorResult = { readonly kind: 'allowed' } | { readonly kind: 'no-second-factor' };

/**
 * REQUIRE_2FA=all: a user without a second factor, past their grace, is kept to the pages
 * where one is set up; each refusal is recorded as `two-factor.required`. Under `off` or
 * `admins` it allows everyone and reads nothing (the administration pages check
 * `admins` themselves, behind their admin check).
 */
export class AuthorizeSecondFactor {
  constructor(
    private readonly policy: SecondFactorPolicy,
    private readonly events: SecurityEvents,
  ) {}

  /** Whether this can ever refuse a page (REQUIRE_2FA=all): when not, nothing needs to ask it. */
  holdsPagesBack(): boolean {
    return this.policy.appliesTo(false);
  }

  async execute(input: AuthorizeSecondFactorInput): Promise<AuthorizeSecondFactorResult> {
    if (!this.policy.appliesTo(false)) return { kind: 'allowed' };
    if (!(await this.policy.requiredNow(input.userId, false))) return { kind: 'allowed' };
    await this.events.record({
      type: 'two-factor.required',
      userId: input.userId,
      ...(input.request && { request: input.request }),
    });
    return { kind: 'no-second-factor' };
  }
}
