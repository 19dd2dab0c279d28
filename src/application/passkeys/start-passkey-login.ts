import type { Clock } from '../ports/clock.js';
import type { WebAuthn } from '../ports/web-authn.js';
import { PASSKEY_CHALLENGE_LIFETIME_MS, type PasskeyChallenge } from './passkey-challenge.js';

/** The outcome: options for the browser, and the challenge to keep until its answer. */
export type StartPasskeyLoginResult = {
  readonly kind: 'ok';
  readonly optionsJSON: Readonly<Record<string, unknown>>;
  readonly challenge: PasskeyChallenge;
};

/** Begins a login with a discoverable passkey: no email, no credential list. */
export class StartPasskeyLogin {
  constructor(
    private readonly webAuthn: WebAuthn,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<StartPasskeyLoginResult> {
    const options = await this.webAuthn.authenticationOptions();
    return {
      kind: 'ok',
      optionsJSON: options.optionsJSON,
      challenge: { challenge: options.challenge, expiresAt: this.clock.now() + PASSKEY_CHALLENGE_LIFETIME_MS },
    };
  }
}
