import type { FinishProviderConfirm } from '../../application/providers/finish-provider-confirm.js';
import type { FinishProviderLink } from '../../application/providers/finish-provider-link.js';
import type { FinishProviderLogin } from '../../application/providers/finish-provider-login.js';
import type { ListLinkedProviders } from '../../application/providers/list-linked-providers.js';
import type { IdentityProviders } from '../../application/providers/ports/identity-provider.js';
import type { LinkedIdentities } from '../../application/providers/ports/linked-identities.js';
import type { StartProviderSignIn } from '../../application/providers/start-provider-sign-in.js';
import type { UnlinkProvider } from '../../application/providers/unlink-provider.js';
import { serviceId } from '../shared/binding.js';

const id = <T>(name: string) => serviceId<T>(`providers.${name}`);

/** The service identifiers of sign-in providers (Google, GitHub, Microsoft, OpenID Connect) and linked identities. */
export const providersIds = {
  linkedIdentities: id<LinkedIdentities>('LinkedIdentities'),
  identityProviders: id<IdentityProviders>('IdentityProviders'),
  startSignIn: id<StartProviderSignIn>('StartProviderSignIn'),
  finishLogin: id<FinishProviderLogin>('FinishProviderLogin'),
  finishLink: id<FinishProviderLink>('FinishProviderLink'),
  finishConfirm: id<FinishProviderConfirm>('FinishProviderConfirm'),
  unlink: id<UnlinkProvider>('UnlinkProvider'),
  list: id<ListLinkedProviders>('ListLinkedProviders'),
};
