import { FinishProviderConfirm } from '../../application/providers/finish-provider-confirm.js';
import { FinishProviderLink } from '../../application/providers/finish-provider-link.js';
import { FinishProviderLogin } from '../../application/providers/finish-provider-login.js';
import { ListLinkedProviders } from '../../application/providers/list-linked-providers.js';
import { linkedIdentityStore } from '../../application/providers/ports/linked-identities.js';
import { ProvidersAccountEvents } from '../../application/providers/providers-account-events.js';
import { ProvidersDataSection } from '../../application/providers/providers-data-section.js';
import { StartProviderSignIn } from '../../application/providers/start-provider-sign-in.js';
import { UnlinkProvider } from '../../application/providers/unlink-provider.js';
import { providersWeb } from '../../web/providers/providers-routes.js';
import { accountsIds } from '../accounts/accounts-ids.js';
import { typedModule } from '../shared/binding.js';
import { cryptoSecretTokens } from '../shared/crypto-secret-tokens.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds as shared } from '../shared/shared-ids.js';
import { memoryStore, sqlStore } from '../shared/transactional-stores.js';
import { configuredProviders } from './configured-providers.js';
import { InMemoryLinkedIdentities } from './in-memory-linked-identities.js';
import { KnexLinkedIdentities } from './knex-linked-identities.js';
import { providersIds as ids } from './providers-ids.js';

/**
 * Sign-in providers: the configured ones (none by default, and then no route and no
 * button), the linked identities, and their use cases.
 */
export const providers: Feature = {
  name: 'providers',
  module: (config) =>
    typedModule((provide) => {
      provide(ids.identityProviders, () => configuredProviders(config.providers, config.appUrl));
      provide(ids.startSignIn, (get) => new StartProviderSignIn(get(ids.identityProviders), get(shared.throttle), get(shared.clock), get(shared.securityEvents)));
      provide(
        ids.finishLogin,
        (get) =>
          new FinishProviderLogin(
            get(ids.identityProviders),
            get(ids.linkedIdentities),
            get(shared.users),
            get(shared.hasher),
            cryptoSecretTokens,
            get(shared.transactions),
            get(shared.throttle),
            get(shared.clock),
            get(shared.securityEvents),
            get.all(accountsIds.secondSteps),
            get(accountsIds.pendingLogins),
          ),
      );
      provide(
        ids.finishLink,
        (get) => new FinishProviderLink(get(ids.identityProviders), get(ids.linkedIdentities), get(shared.clock), get(shared.securityEvents)),
      );
      provide(
        ids.finishConfirm,
        (get) => new FinishProviderConfirm(get(ids.identityProviders), get(ids.linkedIdentities), get(shared.clock), get(shared.securityEvents)),
      );
      provide(ids.unlink, (get) => new UnlinkProvider(get(shared.transactions), get(shared.securityEvents)));
      provide(ids.list, (get) => new ListLinkedProviders(get(ids.identityProviders), get(ids.linkedIdentities)));
      provide(shared.accountEventSubscribers, () => new ProvidersAccountEvents());
      provide(shared.passwordlessAccounts, (get) => get(ids.linkedIdentities));
      provide(shared.personalDataSections, (get) => new ProvidersDataSection(get(ids.linkedIdentities)));
      provide(shared.webFeatures, (get) =>
        providersWeb({
          providers: get(ids.identityProviders).list().map(({ name, label }) => ({ name, label })),
          startSignIn: get(ids.startSignIn),
          finishLogin: get(ids.finishLogin),
          finishLink: get(ids.finishLink),
          finishConfirm: get(ids.finishConfirm),
          unlink: get(ids.unlink),
          list: get(ids.list),
          confirmSudo: get(shared.confirmSudo),
        }),
      );
    }),
  storage: {
    sql: () =>
      typedModule((provide) => {
        provide(ids.linkedIdentities, (get) => new KnexLinkedIdentities(get(shared.database)));
        provide(shared.sqlTransactionalStores, () => sqlStore(linkedIdentityStore, (trx) => new KnexLinkedIdentities(trx)));
      }),
    memory: () =>
      typedModule((provide) => {
        provide(ids.linkedIdentities, () => new InMemoryLinkedIdentities());
        provide(shared.memoryTransactionalStores, (get) => memoryStore(linkedIdentityStore, get(ids.linkedIdentities)));
      }),
  },
};
