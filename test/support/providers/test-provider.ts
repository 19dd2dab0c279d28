import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** How the loopback provider answers: as itself, never (a hung provider), or with what is not OpenID Connect. */
export type ProviderMode = 'normal' | 'slow' | 'garbage';

/** Who signs in at the provider next, as its ID token and UserInfo will say. */
export interface TestAccount {
  readonly sub: string;
  readonly email?: string;
  readonly emailVerified?: boolean;
}

/** The client the app is registered as; its redirect URIs are each app origin's /auth/<name>/callback. */
export const TEST_CLIENT = { id: 'gatehouse-test', secret: 'gatehouse-test-secret' };

/** Another client registered at the provider, with the same redirect URIs. */
export const OTHER_CLIENT = { id: 'other-app', secret: 'other-app-secret' };

/**
 * A real OpenID Provider (panva's oidc-provider, certified) run in-process on loopback,
 * with one confidential client, PKCE required, and an interaction that signs in
 * `account` at once (no login page: the test says who signs in). `mode` makes it hang or
 * answer garbage, and `stop` takes it down.
 */
export class TestOpenIdProvider {
  mode: ProviderMode = 'normal';
  account: TestAccount = { sub: 'subject-ada', email: 'ada@example.com', emailVerified: true };
  /** Sign-ins the provider completed (interactions finished). */
  signIns = 0;
  private server: Server | null = null;
  private provider: Provider | null = null;
  private key: Record<string, unknown> = {};
  private url = '';

  /** `redirectUris` may be filled after `start` (an app whose port is known later), before the first sign-in. */
  constructor(readonly redirectUris: string[] = []) {}

  /** Starts listening on 127.0.0.1; resolves the issuer URL. */
  async start(): Promise<string> {
    const server = createServer((request, response) => this.answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    this.key = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
    return this.url;
  }

  /** The provider, made at its first request, with the redirect URIs known by then. */
  private providerNow(): Provider {
    if (this.provider) return this.provider;
    const jwk = this.key;
    const provider = new Provider(this.url, {
      clients: [TEST_CLIENT, OTHER_CLIENT].map((client) => ({
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [...this.redirectUris],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      })),
      jwks: { keys: [jwk] },
      // Unbounded (the default in-memory adapter keeps 1000 entries): a bench prepares hundreds of sign-ins.
      adapter: mapAdapter(),
      ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => ({
        accountId: sub,
        claims: () => ({
          sub,
          ...(this.account.email !== undefined && { email: this.account.email }),
          ...(this.account.emailVerified !== undefined && { email_verified: this.account.emailVerified }),
        }),
      }),
      // Consent is taken as given: the grant covers what the app asks for.
      loadExistingGrant: async (ctx) => {
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client?.clientId;
        if (!accountId || !clientId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
        grant.addOIDCScope('openid email');
        await grant.save();
        return grant;
      },
    });
    provider.use(async (ctx, next) => {
      if (!ctx.path.startsWith('/interaction/')) return next();
      await provider.interactionDetails(ctx.req, ctx.res);
      this.signIns++;
      await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: this.account.sub } }, { mergeWithLastSubmission: false });
      ctx.respond = false;
    });
    this.provider = provider;
    return provider;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Follows the provider's redirects from an authorization URL, as a browser with its own
   * cookies for the provider does, until it sends the visitor back to the app: resolves
   * that callback's path and query.
   */
  async signIn(authorizationUrl: string): Promise<string> {
    const cookies = new Map<string, string>();
    let url = authorizationUrl;
    for (let hop = 0; hop < 10; hop++) {
      if (!url.startsWith(this.url)) return new URL(url).pathname + new URL(url).search;
      const response = await fetch(url, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`the provider answered ${response.status} without a redirect: ${await response.text()}`);
      url = new URL(location, url).href;
    }
    throw new Error('the provider redirected too often');
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    if (this.mode === 'slow') return; // Never answers: the app's timeout ends it.
    if (this.mode === 'garbage') {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    void this.providerNow().callback()(request, response);
  }
}

/** oidc-provider's storage (its adapter interface) in one Map that forgets nothing, for one provider. */
function mapAdapter() {
  const store = new Map<string, Record<string, unknown>>();
  const all = (model: string) => [...store].filter(([key]) => key.startsWith(`${model}:`)).map(([, payload]) => payload);
  return class MapAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Record<string, unknown>): Promise<void> {
      store.set(`${this.model}:${id}`, { ...payload });
    }

    async find(id: string): Promise<Record<string, unknown> | undefined> {
      return store.get(`${this.model}:${id}`);
    }

    async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
      return all(this.model).find((payload) => payload.uid === uid);
    }

    async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
      return all(this.model).find((payload) => payload.userCode === userCode);
    }

    async consume(id: string): Promise<void> {
      const payload = store.get(`${this.model}:${id}`);
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      store.delete(`${this.model}:${id}`);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, payload] of store) if (payload.grantId === grantId) store.delete(key);
    }
  };
}
