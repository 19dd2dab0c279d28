import type { IdentityProvider, IdentityProviders } from '../../application/providers/ports/identity-provider.js';
import { GitHubIdentityProvider } from './github-identity-provider.js';
import { OidcIdentityProvider } from './oidc-identity-provider.js';
import type { ProvidersConfig } from './providers-config.js';

/** The configured providers, each answering at APP_URL/auth/<name>/callback. Nothing is fetched until a visitor uses one. */
export function configuredProviders(config: ProvidersConfig, appUrl: string): IdentityProviders {
  const list: IdentityProvider[] = config.list.map((settings) => {
    const redirectUri = `${appUrl}/auth/${settings.name}/callback`;
    return settings.kind === 'github'
      ? new GitHubIdentityProvider(settings, redirectUri, config.timeoutMs)
      : new OidcIdentityProvider(settings, redirectUri, config.timeoutMs);
  });
  const byName = new Map(list.map((provider) => [provider.name, provider]));
  return { list: () => list, get: (name) => byName.get(name) ?? null };
}
