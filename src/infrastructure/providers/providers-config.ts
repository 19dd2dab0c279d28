/** The environment variables, as config.ts reads them. */
type Environment = Readonly<Record<string, string | undefined>>;

/** A sign-in provider found by OpenID Connect discovery at its issuer (Google, Microsoft, any OIDC_PROVIDERS one). */
export interface OidcProviderSettings {
  readonly kind: 'oidc';
  /** Its route name: `/auth/<name>`. */
  readonly name: string;
  /** What the "Continue with <label>" button says. */
  readonly label: string;
  /** The issuer identifier, discovered at `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
}

/** GitHub: OAuth 2 without OpenID Connect; the verified primary address comes from its user-emails API. */
export interface GitHubProviderSettings {
  readonly kind: 'github';
  readonly name: 'github';
  readonly label: 'GitHub';
  readonly clientId: string;
  readonly clientSecret: string;
  /** Where its OAuth endpoints are (`/login/oauth/authorize`, `/login/oauth/access_token`). */
  readonly webUrl: string;
  /** Where its REST API is (`/user`, `/user/emails`). */
  readonly apiUrl: string;
}

/** One configured sign-in provider. */
export type ProviderSettings = OidcProviderSettings | GitHubProviderSettings;

/** The sign-in providers, in the order their buttons show, and the longest any call to one may take. */
export interface ProvidersConfig {
  readonly list: readonly ProviderSettings[];
  readonly timeoutMs: number;
}

/** The variables of the three named providers (the OIDC_<NAME>_* ones are named by OIDC_PROVIDERS). */
export const PROVIDER_VARIABLES = [
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'GITHUB_CLIENT_ID',
  'GITHUB_CLIENT_SECRET',
  'GITHUB_URL',
  'GITHUB_API_URL',
  'MICROSOFT_CLIENT_ID',
  'MICROSOFT_CLIENT_SECRET',
  'MICROSOFT_TENANT',
  'OIDC_PROVIDERS',
] as const;

/** The route names of the three named providers, which OIDC_PROVIDERS may not take. */
export const NAMED_PROVIDERS = ['google', 'github', 'microsoft'] as const;

/** How long one call to a provider (discovery, token, user info, keys) may take. */
export const PROVIDER_TIMEOUT_MS = 5000;

const NAME = /^[a-z][a-z0-9-]{0,31}$/;
// common, organizations, consumers, a tenant id (GUID) or a verified domain: never a path.
const TENANT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$/;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Reads the sign-in providers from the environment; a string names the first problem
 * (with its variable), which stops the start. None configured is an empty list.
 */
export function parseProviders(env: Environment): ProvidersConfig | string {
  const value = (name: string): string | undefined => {
    const raw = env[name]?.trim();
    return raw === '' ? undefined : raw;
  };
  const list: ProviderSettings[] = [];
  const pair = (prefix: string): { clientId: string; clientSecret: string } | string | null => {
    const clientId = value(`${prefix}_CLIENT_ID`);
    const clientSecret = value(`${prefix}_CLIENT_SECRET`);
    if (clientId === undefined && clientSecret === undefined) return null;
    if (clientId === undefined) return `${prefix}_CLIENT_ID: required with ${prefix}_CLIENT_SECRET`;
    if (clientSecret === undefined) return `${prefix}_CLIENT_SECRET: required with ${prefix}_CLIENT_ID`;
    return { clientId, clientSecret };
  };

  const google = pair('GOOGLE');
  if (typeof google === 'string') return google;
  if (google) list.push({ kind: 'oidc', name: 'google', label: 'Google', issuer: 'https://accounts.google.com', ...google });

  const github = pair('GITHUB');
  if (typeof github === 'string') return github;
  const webUrl = baseUrl('GITHUB_URL', value('GITHUB_URL') ?? 'https://github.com');
  if (!webUrl.ok) return webUrl.problem;
  const apiUrl = baseUrl('GITHUB_API_URL', value('GITHUB_API_URL') ?? 'https://api.github.com');
  if (!apiUrl.ok) return apiUrl.problem;
  if (github) list.push({ kind: 'github', name: 'github', label: 'GitHub', ...github, webUrl: webUrl.url, apiUrl: apiUrl.url });

  const microsoft = pair('MICROSOFT');
  if (typeof microsoft === 'string') return microsoft;
  const tenant = value('MICROSOFT_TENANT');
  if (tenant !== undefined && !TENANT.test(tenant)) {
    return 'MICROSOFT_TENANT: must be common, organizations, consumers, a tenant id or a tenant domain';
  }
  if (tenant !== undefined && !microsoft) return 'MICROSOFT_TENANT: set MICROSOFT_CLIENT_ID and MICROSOFT_CLIENT_SECRET too';
  if (microsoft) {
    // For common, organizations and consumers the metadata's issuer holds a {tenantid}
    // placeholder, which openid-client's discovery resolves from each ID token's `tid`.
    const issuer = `https://login.microsoftonline.com/${tenant ?? 'common'}/v2.0`;
    list.push({ kind: 'oidc', name: 'microsoft', label: 'Microsoft', issuer, ...microsoft });
  }

  const others = oidcProviders(value);
  if (typeof others === 'string') return others;
  list.push(...others);
  return { list, timeoutMs: PROVIDER_TIMEOUT_MS };
}

/** OIDC_PROVIDERS and each one's OIDC_<NAME>_* variables. */
function oidcProviders(value: (name: string) => string | undefined): OidcProviderSettings[] | string {
  const names = (value('OIDC_PROVIDERS') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const list: OidcProviderSettings[] = [];
  for (const name of names) {
    if (!NAME.test(name)) {
      return `OIDC_PROVIDERS: "${name}" must be lower-case letters, digits and dashes, starting with a letter (at most 32)`;
    }
    if ((NAMED_PROVIDERS as readonly string[]).includes(name)) {
      return `OIDC_PROVIDERS: "${name}" is a named provider; configure it with its own ${name.toUpperCase()}_* variables`;
    }
    if (list.some((provider) => provider.name === name)) return `OIDC_PROVIDERS: "${name}" is listed twice`;
    const prefix = `OIDC_${name.toUpperCase().replace(/-/g, '_')}`;
    const rawIssuer = value(`${prefix}_ISSUER`);
    if (rawIssuer === undefined) return `${prefix}_ISSUER: required for "${name}" in OIDC_PROVIDERS`;
    const issuer = baseUrl(`${prefix}_ISSUER`, rawIssuer);
    if (!issuer.ok) return issuer.problem;
    const clientId = value(`${prefix}_CLIENT_ID`);
    if (clientId === undefined) return `${prefix}_CLIENT_ID: required for "${name}" in OIDC_PROVIDERS`;
    const clientSecret = value(`${prefix}_CLIENT_SECRET`);
    if (clientSecret === undefined) return `${prefix}_CLIENT_SECRET: required for "${name}" in OIDC_PROVIDERS`;
    const label = value(`${prefix}_LABEL`) ?? name;
    if (label.length > 40) return `${prefix}_LABEL: at most 40 characters`;
    // The issuer as given (its trailing slash included): discovery compares it with the metadata's.
    list.push({ kind: 'oidc', name, label, issuer: rawIssuer, clientId, clientSecret });
  }
  return list;
}

/**
 * An https URL without query or fragment, its trailing slashes removed; plain http only
 * on a loopback host (a provider on this machine: nothing leaves it).
 */
function baseUrl(
  variable: string,
  raw: string,
): { ok: true; url: string } | { ok: false; problem: string } {
  const problem = `${variable}: "${raw}" must be an https:// URL with no query or fragment`;
  if (!URL.canParse(raw)) return { ok: false, problem };
  const url = new URL(raw);
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return { ok: false, problem };
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) return { ok: false, problem };
  return { ok: true, url: url.href.replace(/\/+$/, '') };
}

/**
 * The origins a visitor is sent to by the providers' forms (the buttons, link and
 * confirm): each issuer's, and GitHub's. A provider whose authorization endpoint is on
 * another origin than its issuer is not among them (docs/providers.md).
 */
export function providerOrigins(config: ProvidersConfig): string[] {
  const origins = config.list.map((provider) => new URL(provider.kind === 'github' ? provider.webUrl : provider.issuer).origin);
  return [...new Set(origins)];
}
