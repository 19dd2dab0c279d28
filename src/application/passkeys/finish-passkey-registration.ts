import { passkeyName } from '../../domain/passkeys/passkey-name.js';
import type { UserId } from '../../domain/shared/user.js';
import type { EndSessions } from '../devices/end-sessions.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Passkey, Passkeys } from './ports/passkeys.js';
import type { RequestContext, SecurityEvents } from '../shared/ports/security-events.js';
import type { Transactions } from '../shared/ports/transactions.js';
import type { WebAuthn } from './ports/web-authn.js';
import { selectorOf } from '../devices/remember-cookie.js';
import { hasSecondFactorLeft } from '../two-factor/second-factor-left.js';
import { liveChallenge, type RegistrationChallenge } from './passkey-challenge.js';

/** Most passkeys one account can have: enough for every device, and a bound on rows. */
export const PASSKEYS_PER_USER_MAX = 20;

/** The browser's answer to a registration, and what the session kept for it. */
export interface FinishPasskeyRegistrationInput {
  readonly userId: UserId;
  /** The challenge the session kept, already taken out of it; null when it had none. */
  readonly pending: RegistrationChallenge | null;
  /** The registration response as the browser sent it: untrusted JSON. */
  readonly response: unknown;
  /** The name typed for the passkey; empty for the default. */
  readonly name: string;
  readonly request: RequestContext;
  /** The remember-me cookie of the device that asks, if any: it stays remembered when the others are forgotten. */
  readonly rememberCookie?: string;
}

/** The outcome; only `ok` stored anything. */
export type FinishPasskeyRegistrationResult =
  | { readonly kind: 'ok'; readonly passkey: Passkey }
  // No challenge, one of another user or of a user deleted since, or one older than its lifetime.
  | { readonly kind: 'challenge-expired' }
  | { readonly kind: 'name-too-long' }
  | { readonly kind: 'too-many' }
  // Malformed, or not signed for this challenge, origin and RP ID.
  | { readonly kind: 'invalid-response' }
  // The credential is stored already (this user's or another's).
  | { readonly kind: 'already-registered' };

/**
 * Verifies a new passkey and stores it under its name, with the notice to the owner
 * (which names it), on one transaction. The challenge must be live and the user's own.
 * Every outcome is a security event: `passkey.added` on the owner's activity, or a
 * logged `passkey.refused` with the reason. The first passkey of a user
 * without the authenticator app is their first second factor: every remembered device
 * but the one asking is forgotten then, as it would otherwise keep logging in without it,
 * and any recovery code left from an earlier factor is deleted with the passkey's write.
 */
export class FinishPasskeyRegistration {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly transactions: Transactions,
    private readonly webAuthn: WebAuthn,
    private readonly clock: Clock,
    private readonly events: SecurityEvents,
    private readonly endSessions: EndSessions,
  ) {}

  async execute(input: FinishPasskeyRegistrationInput): Promise<FinishPasskeyRegistrationResult> {
    const result = await this.register(input);
    await this.events.record({
      type: result.kind === 'ok' ? 'passkey.added' : 'passkey.refused',
      userId: input.userId,
      ...(result.kind !== 'ok' && { reason: `registration-${result.kind}` }),
      request: input.request,
    });
    return result;
  }

  private async register(input: FinishPasskeyRegistrationInput): Promise<FinishPasskeyRegistrationResult> {
    const now = this.clock.now();
    const pending = liveChallenge(input.pending, now);
    if (!pending || pending.userId !== input.userId) return { kind: 'challenge-expired' };
    const count = await this.passkeys.countOfUser(input.userId);
    if (count >= PASSKEYS_PER_USER_MAX) return { kind: 'too-many' };
    // Refused before the signature is checked; the transaction below counts and names again.
    if (passkeyName(input.name, count).kind === 'too-long') return { kind: 'name-too-long' };
    const credential = await this.webAuthn.verifyRegistration(input.response, pending.challenge);
    if (!credential) return { kind: 'invalid-response' };
    const stored = await this.transactions.run(async ({ users, passkeys, totp, recoveryCodes, outbox }) => {
      // A user deleted meanwhile: their challenge went with them.
      const owner = await users.findByIdForUpdate(input.userId);
      if (!owner) return { kind: 'challenge-expired' } as const;
      // Counted again with the user's row held: of two registrations at once, the second sees the first.
      const held = await passkeys.countOfUser(input.userId);
      if (held >= PASSKEYS_PER_USER_MAX) return { kind: 'too-many' } as const;
      const named = passkeyName(input.name, held);
      if (named.kind === 'too-long') return { kind: 'name-too-long' } as const;
      const hadSecondFactor = held > 0 || (await hasSecondFactorLeft({ totp, passkeys }, input.userId));
      // Codes outliving the factors they stood in for (two removals at once can leave
      // them) must not start working again with a new one.
      if (!hadSecondFactor) await recoveryCodes.deleteAllOfUser(input.userId);
      const passkey = await passkeys.add({
        ...credential,
        userId: input.userId,
        userHandle: pending.userHandle,
        name: named.name,
        createdAt: now,
      });
      if (!passkey) return { kind: 'already-registered' } as const;
      const change = { kind: 'passkey-added', passkeyName: passkey.name } as const;
      await outbox.enqueue({ kind: 'second-factor-changed', to: owner.email.value, change }, now);
      return { kind: 'ok', passkey, hadSecondFactor } as const;
    });
    if (stored.kind !== 'ok') return stored;
    if (!stored.hadSecondFactor) await this.endSessions.forgetOtherDevices(input.userId, selectorOf(input.rememberCookie));
    return { kind: 'ok', passkey: stored.passkey };
  }
}
