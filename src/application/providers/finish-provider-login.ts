import { Email } from '../../domain/shared/email.js';
import { EmailTakenError } from '../../domain/shared/errors.js';
import type { User, UserId } from '../../domain/shared/user.js';
import type { PendingLogin, PendingLogins } from '../accounts/pending-login.js';
import type { SecondStep } from '../accounts/ports/second-step.js';
import type { AuthThrottle } from '../shared/auth-throttle.js';
import type { Clock } from '../shared/ports/clock.js';
import type { PasswordHasher } from '../shared/ports/password-hasher.js';
import type { SecretTokens } from '../shared/ports/secret-tokens.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import { userStore, type Transactions } from '../shared/ports/transactions.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { IdentityProviders, ProviderIdentity, ProviderRefusal } from './ports/identity-provider.js';
import { type LinkedIdentities, linkedIdentityStore, SUBJECT_MAX_LENGTH } from './ports/linked-identities.js';
import { livePendingSignIn } from './provider-sign-in.js';

/** The callback of a login with a provider: its query, and what the session kept (already taken out of it). */
export interface FinishProviderLoginInput {
  readonly provider: string;
  readonly query: Readonly<Record<string, string>>;
  readonly pending: unknown;
  readonly request: RequestContext;
}

/** The outcome; every refusal leaves storage untouched. */
export type FinishProviderLoginResult =
  // A linked identity: the login completes as a password login does.
  | { readonly kind: 'ok'; readonly userId: UserId; readonly remember: boolean }
  | { readonly kind: 'second-step'; readonly pending: PendingLogin }
  // An unknown identity with a verified address no account uses: a new account, logged in.
  | { readonly kind: 'signed-up'; readonly userId: UserId }
  // An unknown identity whose address an account has: never linked by the address alone.
  | { readonly kind: 'email-taken'; readonly email: string }
  // No address, or one the provider did not verify: nothing created or linked.
  | { readonly kind: 'unverified-email' }
  // The identity's account is locked: answered as any refused login.
  | { readonly kind: 'locked' }
  | { readonly kind: 'throttled'; readonly retryAfterSeconds: number }
  | { readonly kind: 'unknown-provider' }
  // No trip under way in this session for this provider (missing, expired, used, or forged state).
  | { readonly kind: 'expired' }
  | { readonly kind: ProviderRefusal['kind'] };

/**
 * Completes a login with a provider. A linked identity logs its account in through the
 * login pipeline (a second step when one applies, the account's lock); an unknown one
 * with a verified address no account has signs up a new account, verified, without a
 * password of its own (its hash is of a random secret nobody knows, so a password login
 * to it fails as a wrong password does, after the same work), its link made on the same
 * transaction. An address an account has is never linked here: its owner links the
 * provider from the account page. Every outcome is an event naming the provider.
 */
export class FinishProviderLogin {
  constructor(
    private readonly providers: IdentityProviders,
    private readonly identities: LinkedIdentities,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly secrets: SecretTokens,
    private readonly transactions: Transactions,
    private readonly throttle: AuthThrottle,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
    private readonly secondSteps: readonly SecondStep[],
    private readonly pendingLogins: PendingLogins,
  ) {}

  async execute(input: FinishProviderLoginInput): Promise<FinishProviderLoginResult> {
    const provider = this.providers.get(input.provider);
    if (!provider) return { kind: 'unknown-provider' };
    const refused = async (reason: string, result: FinishProviderLoginResult, userId?: UserId) => {
      await this.events.record({ type: 'provider.refused', provider: provider.name, reason, request: input.request, ...(userId !== undefined && { userId }) });
      return result;
    };
    const pending = livePendingSignIn(input.pending, provider.name, this.clock.now());
    if (!pending || pending.purpose !== 'login') return refused('no-sign-in-under-way', { kind: 'expired' });
    const answer = await provider.finish(input.query, pending, { fresh: false });
    if (answer.kind !== 'ok') return refused(`${answer.kind}: ${answer.detail}`, { kind: answer.kind });
    const { identity } = answer;
    if (identity.subject === '' || identity.subject.length > SUBJECT_MAX_LENGTH) {
      return refused('invalid-response: subject', { kind: 'invalid-response' });
    }

    const linked = await this.identities.find(provider.name, identity.subject);
    if (linked) {
      const user = await this.users.findById(linked.userId);
      // Refused also when a lock landed meanwhile (recordLogin), or the account went.
      if (!user || user.lockedAt !== null || !(await this.users.recordLogin(user.id))) {
        await this.events.record({ type: 'login.failed', provider: provider.name, reason: 'locked', request: input.request, ...(user && { userId: user.id }) });
        return { kind: 'locked' };
      }
      await this.identities.recordUse(linked.id, identity.email ?? linked.email, this.clock.now());
      return this.loggedIn(user, pending.remember, provider.name, input.request);
    }

    const email = identity.emailVerified && identity.email !== null ? Email.parse(identity.email) : null;
    if (!email) return refused('unverified-email', { kind: 'unverified-email' });
    const owner = await this.users.findByEmail(email);
    if (owner) return refused('email-taken', { kind: 'email-taken', email: email.value }, owner.id);
    const verdict = await this.throttle.attemptSignUp(input.request.ip);
    if (verdict.kind === 'throttled') return refused('throttled', verdict);
    return this.signUp(email, identity, provider.name, input.request);
  }

  private async loggedIn(user: User, remember: boolean, provider: string, request: RequestContext): Promise<FinishProviderLoginResult> {
    for (const step of this.secondSteps) {
      if (!(await step.needed(user.id))) continue;
      return { kind: 'second-step', pending: this.pendingLogins.start(user, remember, provider) };
    }
    // The trip's start counted against the address's login budget: a login gives it back.
    await this.throttle.passkeyLoginSucceeded(request.ip);
    await this.events.record({ type: 'login.succeeded', userId: user.id, method: 'provider', provider, request });
    return { kind: 'ok', userId: user.id, remember };
  }

  private async signUp(email: Email, identity: ProviderIdentity, provider: string, request: RequestContext): Promise<FinishProviderLoginResult> {
    // Hashed before the transaction, which must not wait for the hasher.
    const passwordHash = await this.hasher.hash(this.secrets.create().token);
    const now = this.clock.now();
    try {
      const userId = await this.transactions.run(async (tx) => {
        const users = tx.get(userStore);
        const identities = tx.get(linkedIdentityStore);
        const user = await users.create({ email, passwordHash, phone: null });
        await users.markEmailVerified(user.id);
        await identities.markPasswordless(user.id);
        const link = await identities.add({ userId: user.id, provider, subject: identity.subject, email: email.value, linkedAt: now });
        // Another callback of this identity linked it meanwhile: nothing of this one stays.
        if (!link) throw new IdentityLinkedMeanwhile();
        return user.id;
      });
      await this.events.record({ type: 'signup.succeeded', userId, provider, request });
      return { kind: 'signed-up', userId };
    } catch (error) {
      if (error instanceof EmailTakenError) {
        await this.events.record({ type: 'provider.refused', provider, reason: 'email-taken', request });
        return { kind: 'email-taken', email: email.value };
      }
      if (error instanceof IdentityLinkedMeanwhile) {
        await this.events.record({ type: 'provider.refused', provider, reason: 'linked-meanwhile', request });
        return { kind: 'expired' };
      }
      throw error;
    }
  }
}

/** Rolls a sign-up back when its identity was linked by a concurrent one. */
class IdentityLinkedMeanwhile extends Error {}
