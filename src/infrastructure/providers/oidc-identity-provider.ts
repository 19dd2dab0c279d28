import * as client from 'openid-client';
import type {
  IdentityProvider,
  ProviderAnswer,
  ProviderIdentity,
  ProviderRequest,
} from '../../application/providers/ports/identity-provider.js';
import type { OidcProviderSettings } from './providers-config.js';
import { refusalOf } from './provider-errors.js';

/**
 * An OpenID Connect provider through openid-client: discovery on first use (kept once it
 * succeeds, tried again at the next visitor once it failed, so a provider down at start
 * neither stops the app nor slows other pages), then the authorization code flow with
 * PKCE (S256), state and nonce, and the ID token checked by the library (signature,
 * issuer, audience, expiry, nonce). Every call has the configured timeout.
 */
export class OidcIdentityProvider implements IdentityProvider {
  readonly name: string;
  readonly label: string;
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    private readonly settings: OidcProviderSettings,
    /** APP_URL/auth/<name>/callback. */
    private readonly redirectUri: string,
    private readonly timeoutMs: number,
  ) {
    this.name = settings.name;
    this.label = settings.label;
  }

  async start(options: { readonly fresh: boolean }) {
    let config: client.Configuration;
    try {
      config = await this.discovered();
    } catch (error) {
      return { kind: 'unavailable', detail: refusalOf(error).detail } as const;
    }
    const request: ProviderRequest = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      state: request.state,
      nonce: request.nonce,
      ...(options.fresh && { prompt: 'login', max_age: '0' }),
    });
    return { kind: 'ok', url: url.href, request } as const;
  }

  async finish(query: Readonly<Record<string, string>>, request: ProviderRequest, options: { readonly fresh: boolean }): Promise<ProviderAnswer> {
    if (query.error !== undefined) return { kind: 'denied', detail: query.error.slice(0, 100) };
    if (query.code === undefined || query.code === '') return { kind: 'invalid-response', detail: 'no code' };
    try {
      const config = await this.discovered();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl(this.redirectUri, query), {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
        ...(options.fresh && { maxAge: 0 }),
      });
      const claims = tokens.claims();
      if (!claims) return { kind: 'invalid-response', detail: 'no ID token' };
      // Claims the ID token leaves to the UserInfo endpoint (the subject checked against it).
      const found = typeof claims.email === 'string' ? claims : await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { kind: 'ok', identity: identityOf(claims.sub, found) };
    } catch (error) {
      return refusalOf(error);
    }
  }

  private discovered(): Promise<client.Configuration> {
    if (!this.configuration) {
      const { issuer, clientId, clientSecret } = this.settings;
      const insecure = new URL(issuer).protocol === 'http:';
      const discovery = client.discovery(new URL(issuer), clientId, undefined, client.ClientSecretBasic(clientSecret), {
        timeout: this.timeoutMs / 1000,
        // Plain http is configured only for a loopback issuer (providers-config.ts).
        ...(insecure && { execute: [client.allowInsecureRequests] }),
      });
      this.configuration = discovery;
      discovery.catch(() => {
        if (this.configuration === discovery) this.configuration = null;
      });
    }
    return this.configuration;
  }
}

/** The callback's URL as the provider sent the visitor to it: the redirect URI and its query. */
export function callbackUrl(redirectUri: string, query: Readonly<Record<string, string>>): URL {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

function identityOf(subject: string, claims: Readonly<Record<string, unknown>>): ProviderIdentity {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
  // Some providers send the flag as a string.
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return { subject, email: email === '' ? null : email, emailVerified: email !== null && verified };
}
