import * as client from 'openid-client';
import type {
  IdentityProvider,
  ProviderAnswer,
  ProviderIdentity,
  ProviderRequest,
} from '../../application/providers/ports/identity-provider.js';
import type { GitHubProviderSettings } from './providers-config.js';
import { callbackUrl } from './oidc-identity-provider.js';
import { refusalOf } from './provider-errors.js';

/** GitHub's REST API version these calls are written for. */
const API_VERSION = '2022-11-28';

/**
 * GitHub, which is OAuth 2 without OpenID Connect: openid-client drives its authorization
 * code flow (PKCE S256, state) from GitHub's documented endpoints, and the identity comes
 * from its REST API: the user's numeric id (`GET /user`, stable across renames) and the
 * verified primary address (`GET /user/emails`). Every call has the configured timeout.
 */
export class GitHubIdentityProvider implements IdentityProvider {
  readonly name = 'github';
  readonly label = 'GitHub';
  private readonly config: client.Configuration;

  constructor(
    private readonly settings: GitHubProviderSettings,
    private readonly redirectUri: string,
    timeoutMs: number,
  ) {
    this.config = new client.Configuration(
      {
        issuer: settings.webUrl,
        authorization_endpoint: `${settings.webUrl}/login/oauth/authorize`,
        token_endpoint: `${settings.webUrl}/login/oauth/access_token`,
      },
      settings.clientId,
      undefined,
      client.ClientSecretPost(settings.clientSecret),
    );
    this.config.timeout = timeoutMs / 1000;
    // Plain http is configured only for a loopback host (providers-config.ts).
    if (settings.webUrl.startsWith('http:') || settings.apiUrl.startsWith('http:')) client.allowInsecureRequests(this.config);
  }

  async start(options: { readonly fresh: boolean }) {
    const request: ProviderRequest = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(this.config, {
      redirect_uri: this.redirectUri,
      scope: 'read:user user:email',
      code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      state: request.state,
      // GitHub has no prompt=login; its account picker is the nearest to a fresh sign-in.
      ...(options.fresh && { prompt: 'select_account' }),
    });
    return { kind: 'ok', url: url.href, request } as const;
  }

  async finish(query: Readonly<Record<string, string>>, request: ProviderRequest): Promise<ProviderAnswer> {
    if (query.error !== undefined) return { kind: 'denied', detail: query.error.slice(0, 100) };
    if (query.code === undefined || query.code === '') return { kind: 'invalid-response', detail: 'no code' };
    try {
      const tokens = await client.authorizationCodeGrant(this.config, callbackUrl(this.redirectUri, query), {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
      });
      const user = await this.get(tokens.access_token, '/user');
      const emails = user === null ? null : await this.get(tokens.access_token, '/user/emails');
      const identity = emails === null ? null : identityOf(user, emails);
      return identity ? { kind: 'ok', identity } : { kind: 'unavailable', detail: 'GitHub answered an unexpected user or email list' };
    } catch (error) {
      return refusalOf(error);
    }
  }

  /** The JSON body of a 200 answer; null for any other status, or a body that is not JSON. */
  private async get(accessToken: string, path: string): Promise<unknown> {
    const response = await client.fetchProtectedResource(
      this.config,
      accessToken,
      new URL(`${this.settings.apiUrl}${path}`),
      'GET',
      undefined,
      new Headers({ Accept: 'application/vnd.github+json', 'X-GitHub-Api-Version': API_VERSION, 'User-Agent': 'Gatehouse' }),
    );
    if (response.status !== 200) return null;
    try {
      return (await response.json()) as unknown;
    } catch {
      // Not JSON: not GitHub's documented answer.
      return null;
    }
  }
}

/** The user's id and verified primary address, or null when the answers are not GitHub's documented shapes. */
function identityOf(user: unknown, emails: unknown): ProviderIdentity | null {
  const id = (user as { id?: unknown } | null)?.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || !Array.isArray(emails)) return null;
  const primary = (emails as { email?: unknown; primary?: unknown; verified?: unknown }[]).find((entry) => entry?.primary === true);
  const email = typeof primary?.email === 'string' ? primary.email.trim().toLowerCase() : null;
  return { subject: String(id), email, emailVerified: email !== null && primary?.verified === true };
}
