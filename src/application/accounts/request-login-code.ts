import { Email } from '../../domain/shared/email.js';
import type { UserId } from '../../domain/shared/user.js';
import { tokenStore } from '../links/ports/one-time-tokens.js';
import { outboxStore } from '../mail/ports/mail-outbox.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Logger } from '../shared/ports/logger.js';
import { WorkAfterAnswer } from '../shared/work-after-answer.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { userStore, type Transactions } from '../shared/ports/transactions.js';
import { LOGIN_CODE_LIFETIME_MS, type LoginCodeSecrets } from './ports/login-codes.js';
import { askedIn } from '../mail/outgoing-mail.js';

/** The "Email me a login code" form, and the request it came in. */
export interface RequestLoginCodeInput {
  readonly email: string;
  /** Its address keys the per-address throttle; all of it goes with the request's event. */
  readonly request: RequestContext;
}

/** The outcome of a request; `accepted` whether or not an account has the address. */
export type RequestLoginCodeResult =
  | { readonly kind: 'accepted' }
  | { readonly kind: 'invalid-email' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number };

/** Requests whose code is still being written: past this, a new one waits (as for reset links). */
export const MAX_PENDING_CODE_REQUESTS = 32;

/**
 * Emails a login code to an address, when an account that is not locked has it. As for
 * a password reset, the answer comes after the throttle alone, the same for every
 * address, and the look-up, the code and the message are written afterwards. A new
 * code supersedes the account's older one (`OneTimeTokens.issue`). Each accepted request
 * is a `login-code.requested` event, with the account when a code went to it; a
 * throttled one is `login-code.refused` with reason `throttled`.
 */
export class RequestLoginCode {
  /** The look-up, the token and the message, written after the answer. */
  private readonly afterAnswer: WorkAfterAnswer;

  constructor(
    private readonly transactions: Transactions,
    private readonly secrets: LoginCodeSecrets,
    private readonly clock: Clock,
    private readonly throttle: AuthThrottle,
    logger: Logger,
    private readonly events: SecurityEvents,
  ) {
    this.afterAnswer = new WorkAfterAnswer(logger, MAX_PENDING_CODE_REQUESTS, 'login code request failed');
  }

  async execute(input: RequestLoginCodeInput): Promise<RequestLoginCodeResult> {
    const email = Email.parse(input.email);
    if (!email) return { kind: 'invalid-email' };
    const verdict = await this.throttle.attemptLoginCodeRequest(email.value, input.request.ip);
    if (verdict.kind === 'throttled') {
      await this.events.record({ type: 'login-code.refused', reason: 'throttled', email, request: input.request });
      return verdict;
    }
    await this.afterAnswer.start(() => this.send(email, input.request));
    return { kind: 'accepted' };
  }

  /** Resolves once every request accepted so far has written its code (or failed): for shutdown and tests. */
  idle(): Promise<void> {
    return this.afterAnswer.idle();
  }

  private async send(email: Email, request: RequestContext): Promise<void> {
    const now = this.clock.now();
    let userId: UserId | null = null;
    try {
      userId = await this.transactions.run(async (tx) => {
        const user = await tx.get(userStore).findByEmail(email);
        // A locked account is answered as an unknown address: no code, the same reply.
        if (!user || user.lockedAt !== null) return null;
        const code = this.secrets.create();
        const expiresAt = now + LOGIN_CODE_LIFETIME_MS;
        await tx.get(tokenStore).issue({
          tokenHash: this.secrets.hashOf(user.id, code),
          purpose: 'login-code',
          userId: user.id,
          newEmail: user.email.value,
          expiresAt,
        });
        const expiresInMinutes = Math.round(LOGIN_CODE_LIFETIME_MS / 60_000);
        await tx.get(outboxStore).enqueue({ kind: 'login-code', to: user.email.value, code, expiresInMinutes, ...askedIn(request) }, now);
        return user.id;
      });
      // After the commit: the counter may live on the same database, whose one SQLite connection the transaction holds.
      if (userId !== null) await this.throttle.loginCodeIssued(userId);
    } finally {
      await this.events.record({ type: 'login-code.requested', email, request, ...(userId !== null && { userId }) });
    }
  }
}
