import type { UserId } from '../../domain/shared/user.js';
import type { IdentityProviders } from './ports/identity-provider.js';
import type { LinkedIdentities } from './ports/linked-identities.js';

/** A linked provider as its owner sees it. Times are epoch milliseconds. */
export interface LinkedProviderView {
  readonly id: number;
  readonly provider: string;
  /** The configured label; the route name when the provider is no longer configured. */
  readonly label: string;
  readonly email: string;
  readonly linkedAt: number;
  readonly lastUsedAt: number | null;
}

/** The user's linked providers, the configured ones they may still link, and whether they have a password. */
export interface LinkedProviders {
  readonly kind: 'ok';
  readonly linked: LinkedProviderView[];
  readonly linkable: { readonly name: string; readonly label: string }[];
  readonly passwordless: boolean;
}

/** Lists a user's linked providers, with nothing of the provider's identifier. */
export class ListLinkedProviders {
  constructor(
    private readonly providers: IdentityProviders,
    private readonly identities: LinkedIdentities,
  ) {}

  async execute(input: { readonly userId: UserId }): Promise<LinkedProviders> {
    const stored = await this.identities.listOfUser(input.userId);
    const linked = stored.map(({ id, provider, email, linkedAt, lastUsedAt }) => ({
      id,
      provider,
      label: this.providers.get(provider)?.label ?? provider,
      email,
      linkedAt,
      lastUsedAt,
    }));
    const linkable = this.providers
      .list()
      .filter((provider) => !stored.some((identity) => identity.provider === provider.name))
      .map(({ name, label }) => ({ name, label }));
    return { kind: 'ok', linked, linkable, passwordless: await this.identities.isPasswordless(input.userId) };
  }
}
