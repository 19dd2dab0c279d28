import type { UserId } from '../../domain/shared/user.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { UserRepository } from '../shared/ports/user-repository.js';

/** EMAIL_VERIFICATION: `required` keeps users with an unverified address out of most gated pages. */
export type EmailVerificationPolicy = 'optional' | 'required';

/** Who asks for a page that needs a verified address, and in which request. */
export interface AuthorizeVerifiedEmailInput {
  /** The logged-in user; undefined when the request carries none (the gate is then mounted without a login gate before it). */
  readonly userId: UserId | undefined;
  /** The request it came in, for the event. */
  readonly request: RequestContext;
}

/** Whether the user may see a page that needs a verified address. */
export type AuthorizeVerifiedEmailResult = { readonly kind: 'allowed' } | { readonly kind: 'unverified' };

/**
 * With verification `required`, reads the user record afresh (like the admin check),
 * so a verification takes effect on the very next request; with `optional` it allows
 * every logged-in user and reads nothing. A user who is gone counts as unverified: the
 * profile they are sent to ends their session; so does a request with no user at all.
 * A refusal is an `email.unverified-refused` event.
 */
export class AuthorizeVerifiedEmail {
  constructor(
    private readonly users: UserRepository,
    private readonly policy: EmailVerificationPolicy,
    private readonly events: SecurityEvents,
  ) {}

  async execute(input: AuthorizeVerifiedEmailInput): Promise<AuthorizeVerifiedEmailResult> {
    const { userId, request } = input;
    if (userId !== undefined && (await this.allows(userId))) return { kind: 'allowed' };
    await this.events.record({ type: 'email.unverified-refused', ...(userId !== undefined && { userId }), request });
    return { kind: 'unverified' };
  }

  private async allows(userId: UserId): Promise<boolean> {
    if (this.policy === 'optional') return true;
    const user = await this.users.findById(userId);
    return user?.emailVerified === true;
  }
}
