import type { UserId } from '../../domain/shared/user.js';
import type { Clock } from '../shared/ports/clock.js';
import type { Passkeys } from './ports/passkeys.js';
import type { UserRepository } from '../shared/ports/user-repository.js';
import type { WebAuthn } from './ports/web-authn.js';
import { PASSKEY_CHALLENGE_LIFETIME_MS, type RegistrationChallenge } from './passkey-challenge.js';

/** The outcome: options for the browser, and the challenge to keep until its answer. */
export type StartPasskeyRegistrationResult =
  | {
      readonly kind: 'ok';
      readonly optionsJSON: Readonly<Record<string, unknown>>;
      readonly challenge: RegistrationChallenge;
    }
  | { readonly kind: 'not-found' };

/**
 * Begins adding a passkey for a logged-in user: a discoverable credential under the
 * user's WebAuthn handle (the one their passkeys already carry, else a new random one),
 * excluding the authenticators that already hold one of theirs.
 */
export class StartPasskeyRegistration {
  constructor(
    private readonly users: UserRepository,
    private readonly passkeys: Passkeys,
    private readonly webAuthn: WebAuthn,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly userId: UserId }): Promise<StartPasskeyRegistrationResult> {
    const user = await this.users.findById(input.userId);
    if (!user) return { kind: 'not-found' };
    const existing = await this.passkeys.listOfUser(user.id);
    const userHandle = existing[0]?.userHandle ?? this.webAuthn.newUserHandle();
    const options = await this.webAuthn.registrationOptions({ userHandle, userName: user.email.value, exclude: existing });
    return {
      kind: 'ok',
      optionsJSON: options.optionsJSON,
      challenge: {
        challenge: options.challenge,
        expiresAt: this.clock.now() + PASSKEY_CHALLENGE_LIFETIME_MS,
        userId: user.id,
        userHandle,
      },
    };
  }
}
