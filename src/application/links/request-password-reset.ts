import { Email } from '../../domain/shared/email.js';
import type { UserId } from '../../domain/shared/user.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { LinkTokens } from './link-tokens.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Logger } from '../shared/ports/logger.js';
import { WorkAfterAnswer } from '../shared/work-after-answer.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { userStore, type Transactions } from '../shared/ports/transactions.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import { tokenStore } from '../links/ports/one-time-tokens.js';
import { askedIn } from '../mail/outgoing-mail.js';

/** The "forgot your password?" form, and the request it came in. */
export interface RequestPasswordResetInput {
  readonly email: string;
  /** Its address keys the per-address throttle; all of it goes with the request's event. */
  readonly request: RequestContext;
}

/** The outcome of a request; `accepted` whether or not an account has the address. */
export type RequestPasswordResetResult =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'invalid-email' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

/**
 * Requests whose link is still being written: past this, a new request waits for one of
 * them before it is answered, so a flood cannot pile up work and memory behind the
 * answers. Every request waits alike, whatever its address.
 */
export const MAX_PENDING_RESET_REQUESTS = 32;

/**
 * Sends a password reset link to an address, when an account has it. The answer must
 * not tell whether one does, in its words or in its time, so the request is answered
 * after the throttle alone (the same work for every address), and the look-up, the
 * token and the message are written afterwards, off the response path. A failure
 * there is logged (never with the link) and reaches no visitor, who is told the same
 * either way. The `password-reset.requested` event is recorded then too, once per
 * accepted request, with the account when one has the address. A throttled request is
 * a `password-reset.throttled` event, recorded before the answer.
 */
export class RequestPasswordReset {
  /** The look-up, the token and the message, written after the answer. */
  private readonly afterAnswer: WorkAfterAnswer;

  constructor(
    private readonly transactions: Transactions,
    private readonly linkTokens: LinkTokens,
    private readonly clock: Clock,
    private readonly throttle: AuthThrottle,
    logger: Logger,
    private readonly events: SecurityEvents,
  ) {
    this.afterAnswer = new WorkAfterAnswer(logger, MAX_PENDING_RESET_REQUESTS, 'password reset request failed');
  }

  async execute(input: RequestPasswordResetInput): Promise<RequestPasswordResetResult> {
    const email = Email.parse(input.email);
    if (!email) return { kind: 'invalid-email' };
    const verdict = await this.throttle.attemptPasswordReset(email.value, input.request.ip);
    if (verdict.kind === 'throttled') {
      await this.events.record({ type: 'password-reset.throttled', email, request: input.request });
      return verdict;
    }

    await this.afterAnswer.start(() => this.send(email, input.request));
    return { kind: 'accepted' };
  }

  /** Resolves once every request accepted so far has written its link (or failed): for shutdown and tests. */
  idle(): Promise<void> {
    return this.afterAnswer.idle();
  }

  private async send(email: Email, request: RequestContext): Promise<void> {
    const now = this.clock.now();
    let userId: UserId | null = null;
    try {
      userId = await this.transactions.run(async (tx) => {
        const stores = { outbox: tx.get(outboxStore), tokens: tx.get(tokenStore), users: tx.get(userStore) };
        const user = await stores.users.findByEmail(email);
        if (!user) return null;
        const { link, expiresInMinutes } = await this.linkTokens.issue(stores.tokens, 'password-reset', user, now);
        await stores.outbox.enqueue({ kind: 'password-reset', to: user.email.value, link, expiresInMinutes, ...askedIn(request) }, now);
        return user.id;
      });
    } finally {
      // Also when the link could not be written: the request was accepted all the same.
      await this.events.record({
        type: 'password-reset.requested',
        email,
        request,
        ...(userId !== null && { userId }),
      });
    }
  }
}
