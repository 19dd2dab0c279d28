import type { Passkey } from './passkeys.js';

/** Options for the browser's WebAuthn call, as JSON, and the challenge they carry. */
export interface CeremonyOptions {
  /** What the page hands to `navigator.credentials` (through @simplewebauthn/browser), as is. */
  readonly optionsJSON: Readonly<Record<string, unknown>>;
  /** The random challenge in them, base64url: the server keeps it to check the answer. */
  readonly challenge: string;
}

/** A credential whose registration was verified, ready to store. */
export interface VerifiedCredential {
  readonly credentialId: string;
  readonly publicKey: Uint8Array;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly backedUp: boolean;
}

/** What an assertion (a login answer) says about itself before it is verified. */
export interface AssertionClaims {
  /** The credential id it names, base64url. */
  readonly credentialId: string;
  /** The user handle the authenticator returned, base64url; null when it sent none. */
  readonly userHandle: string | null;
}

/**
 * The WebAuthn relying party (infrastructure/security/simple-web-authn.ts): options for
 * the browser, and checks of what it answers against the challenge, the origin and the
 * RP ID of APP_URL. Responses come in as untrusted JSON: anything malformed is refused
 * (null), never thrown.
 */
export interface WebAuthn {
  /** A new random WebAuthn user handle (64 bytes, base64url): never the email or the user id. */
  newUserHandle(): string;
  /** Options to create a discoverable passkey for this user, excluding the credentials they have. */
  registrationOptions(input: {
    readonly userHandle: string;
    readonly userName: string;
    readonly exclude: readonly Pick<Passkey, 'credentialId' | 'transports'>[];
  }): Promise<CeremonyOptions>;
  /** The new credential when `response` is a valid registration for this challenge; else null. */
  verifyRegistration(response: unknown, expectedChallenge: string): Promise<VerifiedCredential | null>;
  /**
   * Options to log in: with any discoverable passkey of this site when `allow` is empty
   * or omitted (no credential list), else with one of these credentials only.
   */
  authenticationOptions(allow?: readonly Pick<Passkey, 'credentialId' | 'transports'>[]): Promise<CeremonyOptions>;
  /** The credential id and user handle an assertion names; null when it is not shaped as one. */
  readAssertion(response: unknown): AssertionClaims | null;
  /**
   * The assertion's signature counter when `response` is signed by this passkey's key for
   * this challenge, origin and RP ID, with user presence; else null. It does not judge the
   * counter: `Passkeys.recordUse` does, atomically.
   */
  verifyAuthentication(response: unknown, expectedChallenge: string, passkey: Passkey): Promise<{ readonly counter: number } | null>;
}
