import { randomBytes } from 'node:crypto';
import type * as WebAuthnLibrary from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Passkey } from '../../application/passkeys/ports/passkeys.js';
import type { AssertionClaims, CeremonyOptions, VerifiedCredential, WebAuthn } from '../../application/passkeys/ports/web-authn.js';
import { loadedOnFirstUse } from '../loaded-on-first-use.js';
import { assertionShape, registrationShape } from './web-authn-shapes.js';

/** Who the passkeys are for: the site's name, and its origin (APP_URL). */
export interface RelyingParty {
  readonly name: string;
  /** APP_URL: its host name is the RP ID, and it is the one origin answers may come from. */
  readonly appUrl: string;
}

/**
 * @simplewebauthn/server, loaded at the first ceremony, not at start-up: with its CBOR
 * and ASN.1 parsers it costs a serving process a few MB of memory, which a site whose
 * users have no passkey need not carry. A failed load is tried again at the next ceremony.
 */
const library = loadedOnFirstUse((): Promise<typeof WebAuthnLibrary> => import('@simplewebauthn/server'));

/**
 * The WebAuthn relying party on @simplewebauthn/server. User verification is required,
 * at registration and at every login: a passkey logs in with no password, so it must
 * prove both the device and its owner (a PIN or biometric), not merely a touch; a key
 * that cannot verify its user is not offered (the browser says so). Attestation is not
 * asked for: no authenticator model is trusted over another. Untrusted responses are
 * checked for shape first; the library's refusals (it throws) become null.
 */
export class SimpleWebAuthn implements WebAuthn {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(private readonly party: RelyingParty) {
    const url = new URL(party.appUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  newUserHandle(): string {
    return randomBytes(64).toString('base64url');
  }

  async registrationOptions(input: {
    readonly userHandle: string;
    readonly userName: string;
    readonly exclude: readonly Pick<Passkey, 'credentialId' | 'transports'>[];
  }): Promise<CeremonyOptions> {
    const { generateRegistrationOptions } = await library();
    const options = await generateRegistrationOptions({
      rpName: this.party.name,
      rpID: this.rpID,
      userName: input.userName,
      userID: Buffer.from(input.userHandle, 'base64url'),
      attestationType: 'none',
      excludeCredentials: input.exclude.map((passkey) => ({ id: passkey.credentialId, transports: [...passkey.transports] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return { optionsJSON: { ...options }, challenge: options.challenge };
  }

  async verifyRegistration(response: unknown, expectedChallenge: string): Promise<VerifiedCredential | null> {
    const parsed = registrationShape.safeParse(response);
    if (!parsed.success) return null;
    const { verifyRegistrationResponse } = await library();
    const verified = await this.refusedAsNull(() =>
      verifyRegistrationResponse({
        response: parsed.data as RegistrationResponseJSON,
        expectedChallenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: true,
      }),
    );
    if (!verified?.verified) return null;
    const { credential, credentialBackedUp } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: new Uint8Array(credential.publicKey),
      counter: credential.counter,
      transports: parsed.data.response.transports ?? [],
      backedUp: credentialBackedUp,
    };
  }

  async authenticationOptions(allow: readonly Pick<Passkey, 'credentialId' | 'transports'>[] = []): Promise<CeremonyOptions> {
    const { generateAuthenticationOptions } = await library();
    const options = await generateAuthenticationOptions({
      rpID: this.rpID,
      userVerification: 'required',
      ...(allow.length > 0 && {
        allowCredentials: allow.map((passkey) => ({ id: passkey.credentialId, transports: [...passkey.transports] })),
      }),
    });
    return { optionsJSON: { ...options }, challenge: options.challenge };
  }

  readAssertion(response: unknown): AssertionClaims | null {
    const parsed = assertionShape.safeParse(response);
    if (!parsed.success) return null;
    return { credentialId: parsed.data.id, userHandle: parsed.data.response.userHandle ?? null };
  }

  async verifyAuthentication(response: unknown, expectedChallenge: string, passkey: Passkey): Promise<{ readonly counter: number } | null> {
    const parsed = assertionShape.safeParse(response);
    if (!parsed.success || parsed.data.id !== passkey.credentialId) return null;
    const { verifyAuthenticationResponse } = await library();
    const verified = await this.refusedAsNull(() =>
      verifyAuthenticationResponse({
        response: parsed.data as AuthenticationResponseJSON,
        expectedChallenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        // Counter 0: the library then leaves the counter to Passkeys.recordUse, which
        // compares and writes in one statement (two replays at once cannot both pass).
        credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: 0 },
        requireUserVerification: true,
      }),
    );
    return verified?.verified ? { counter: verified.authenticationInfo.newCounter } : null;
  }

  /**
   * The library's result, or null when it refused the response: it documents throwing
   * for a response that does not verify (wrong challenge, origin, signature, CBOR).
   */
  private async refusedAsNull<T>(verify: () => Promise<T>): Promise<T | null> {
    try {
      return await verify();
    } catch {
      return null;
    }
  }
}
