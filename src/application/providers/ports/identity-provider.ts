/**
 * What the visitor's session keeps between sending them to a provider and their return:
 * the values the callback is checked against, each used once. Plain JSON.
 */
export interface ProviderRequest {
  readonly state: string;
  readonly nonce: string;
  /** The PKCE (S256) code verifier. */
  readonly codeVerifier: string;
}

/** Who the provider says signed in. */
export interface ProviderIdentity {
  /** The provider's stable identifier of the account (`sub`, GitHub's numeric user id). */
  readonly subject: string;
  /** The address it gives, lower-cased as given; null when it gives none. */
  readonly email: string | null;
  /** Whether the provider says it verified that address. */
  readonly emailVerified: boolean;
}

/** Why a provider's answer gave no identity. `detail` is for the log line, never for the visitor. */
export type ProviderRefusal =
  // The visitor (or the provider) said no: an `error` parameter such as access_denied.
  | { readonly kind: 'denied'; readonly detail: string }
  // A missing code, a state that does not match, an ID token that fails its checks
  // (signature, issuer, audience, expiry, nonce), a code used already.
  | { readonly kind: 'invalid-response'; readonly detail: string }
  // Down, slow past the timeout, or answering what is not its protocol.
  | { readonly kind: 'unavailable'; readonly detail: string };

/** A provider's answer at the callback. */
export type ProviderAnswer = { readonly kind: 'ok'; readonly identity: ProviderIdentity } | ProviderRefusal;

/**
 * One sign-in provider (an OpenID Connect provider, or GitHub): where to send a visitor,
 * and what their return proves. Every call to the provider has a timeout; the checks of
 * state, nonce, PKCE and the ID token are the client library's.
 */
export interface IdentityProvider {
  /** Its route name: `/auth/<name>`. */
  readonly name: string;
  /** What "Continue with <label>" says. */
  readonly label: string;
  /**
   * The authorization URL and the values to keep until the callback. `fresh`: the
   * visitor must sign in again at the provider now (prompt=login, max_age=0).
   */
  start(options: { readonly fresh: boolean }): Promise<
    { readonly kind: 'ok'; readonly url: string; readonly request: ProviderRequest } | Extract<ProviderRefusal, { kind: 'unavailable' }>
  >;
  /** Checks the callback's query against the kept values and asks the provider who signed in. */
  finish(query: Readonly<Record<string, string>>, request: ProviderRequest, options: { readonly fresh: boolean }): Promise<ProviderAnswer>;
}

/** The configured providers, in the order their buttons show. */
export interface IdentityProviders {
  list(): readonly IdentityProvider[];
  /** The provider of this route name, or null. */
  get(name: string): IdentityProvider | null;
}
