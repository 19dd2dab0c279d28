import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A GitHub user as the stand-in answers for it: its id, and its addresses as `GET /user/emails` lists them. */
export interface GitHubUser {
  readonly id: number;
  readonly login: string;
  readonly emails: readonly { readonly email: string; readonly primary: boolean; readonly verified: boolean }[];
}

/**
 * A loopback server that stands in for GitHub's documented OAuth web flow and REST API
 * (docs.github.com: "Authorizing OAuth apps", "Get the authenticated user", "List email
 * addresses for the authenticated user"): `/login/oauth/authorize` signs `user` in at
 * once and sends the browser back with a code; `/login/oauth/access_token` checks the
 * client, the code (once) and its PKCE S256 verifier; `/api/user` and `/api/user/emails`
 * answer for the access token. `garbage` makes the API answer what is not JSON.
 */
export class GitHubStandIn {
  user: GitHubUser = { id: 583231, login: 'octocat', emails: [{ email: 'octocat@example.com', primary: true, verified: true }] };
  garbage = false;
  private readonly codes = new Map<string, { challenge: string; redirectUri: string }>();
  private readonly tokens = new Set<string>();
  private server: Server | null = null;
  private base = '';

  constructor(private readonly client: { readonly id: string; readonly secret: string }) {}

  /** Starts on 127.0.0.1; resolves GITHUB_URL and GITHUB_API_URL for it. */
  async start(): Promise<{ webUrl: string; apiUrl: string }> {
    const server = createServer((request, response) => void this.answer(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { webUrl: this.base, apiUrl: `${this.base}/api` };
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  /** What the browser does at GitHub: resolves the path and query of the app's callback. */
  async signIn(authorizationUrl: string): Promise<string> {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    return location.pathname + location.search;
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.base);
    if (url.pathname === '/login/oauth/authorize') {
      const q = url.searchParams;
      if (q.get('client_id') !== this.client.id || q.get('code_challenge_method') !== 'S256') return void response.writeHead(400).end();
      const code = randomBytes(10).toString('hex');
      this.codes.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri: q.get('redirect_uri') ?? '' });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      return void response.writeHead(302, { Location: back.href }).end();
    }
    if (url.pathname === '/login/oauth/access_token' && request.method === 'POST') {
      const form = new URLSearchParams(await bodyOf(request));
      const code = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url');
      const json = { 'Content-Type': 'application/json' };
      // GitHub answers a bad code with 200 and an error field, as documented.
      if (form.get('client_id') !== this.client.id || form.get('client_secret') !== this.client.secret || !code || code.challenge !== verifier) {
        return void response.writeHead(200, json).end(JSON.stringify({ error: 'bad_verification_code' }));
      }
      const token = `gho_${randomBytes(16).toString('hex')}`;
      this.tokens.add(token);
      return void response.writeHead(200, json).end(JSON.stringify({ access_token: token, token_type: 'bearer', scope: 'read:user,user:email' }));
    }
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (url.pathname.startsWith('/api/') && !this.tokens.has(token)) return void response.writeHead(401).end('{"message":"Bad credentials"}');
    if (this.garbage) return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>unicorn</html>');
    if (url.pathname === '/api/user') return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: this.user.id, login: this.user.login }));
    if (url.pathname === '/api/user/emails') return void response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(this.user.emails));
    response.writeHead(404).end();
  }
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}
