import type { UserId } from '../../domain/shared/user.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** EMAIL_VERIFICATION: `required` keeps users with an unverified address out of most gated pages. */
export type EmailVerificationPolicy = 'optional' | 'required';

/** Whether the user may see a page that needs a verified address. */
export type AuthorizeVerifiedEmailResult = { readonly kind: 'allowed' } | { readonly kind: 'unverified' };

/**
 * With verification `required`, reads the user record afresh (like the admin check),
 * so a verification takes effect on the very next request; with `optional` it allows
 * everyone and reads nothing. A user who is gone counts as unverified: the profile
 * they are sent to ends their session.
 */
export class AuthorizeVerifiedEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly policy: EmailVerificationPolicy,
  ) {}

  async execute(userId: UserId): Promise<AuthorizeVerifiedEmailResult> {
    if (this.policy === 'optional') return { kind: 'allowed' };
    const user = await this.users.findById(userId);
    return user?.emailVerified === true ? { kind: 'allowed' } : { kind: 'unverified' };
  }
}
