import { LinksDataSection } from '../../application/links/links-data-section.js';
import { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';
import { CheckLinkToken } from '../../application/links/check-link-token.js';
import { ConfirmEmailChange } from '../../application/links/confirm-email-change.js';
import { CreatePasswordResetLink } from '../../application/links/create-password-reset-link.js';
import { LinkTokens } from '../../application/links/link-tokens.js';
import { LinksAccountEvents } from '../../application/links/links-account-events.js';
import { PreviewEmailChange } from '../../application/links/preview-email-change.js';
import { RequestEmailChange } from '../../application/links/request-email-change.js';
import { RequestPasswordReset } from '../../application/links/request-password-reset.js';
import { ResetPassword } from '../../application/links/reset-password.js';
import { SendEmailVerification } from '../../application/links/send-email-verification.js';
import { VerifyEmail } from '../../application/links/verify-email.js';
import { accountLinks } from '../../web/links/account-links.js';
import { linksWeb } from '../../web/links/links-routes.js';
import { typedModule } from '../shared/binding.js';
import { cryptoSecretTokens } from '../shared/crypto-secret-tokens.js';
import type { Feature } from '../shared/feature.js';
import { sharedIds as shared } from '../shared/shared-ids.js';
import { memoryStore, sqlStore } from '../shared/transactional-stores.js';
import { tokenStore } from '../../application/links/ports/one-time-tokens.js';
import { InMemoryOneTimeTokens } from './in-memory-one-time-tokens.js';
import { KnexOneTimeTokens } from './knex-one-time-tokens.js';
import { linksIds as ids } from './links-ids.js';

/** The use cases of emailed links: password reset, email verification and the change of address. */
export const links: Feature = {
  name: 'links',
  module: (config) =>
    typedModule((provide) => {
      const { accounts } = config;
      const lifetimes = { passwordResetMs: accounts.passwordResetTtlMs, emailVerificationMs: accounts.emailVerificationTtlMs };
      provide(ids.accountLinks, () => accountLinks(config.appUrl));
      provide(ids.linkTokens, (get) => new LinkTokens(cryptoSecretTokens, get(ids.accountLinks), lifetimes));
      provide(
        ids.requestPasswordReset,
        (get) =>
          new RequestPasswordReset(
            get(shared.transactions),
            get(ids.linkTokens),
            get(shared.clock),
            get(shared.throttle),
            get(shared.logger),
            get(shared.securityEvents),
          ),
      );
      provide(
        ids.resetPassword,
        (get) =>
          new ResetPassword(
            get(shared.users),
            get(ids.oneTimeTokens),
            get(shared.transactions),
            get(ids.linkTokens),
            get(shared.hasher),
            get(shared.commonPasswords),
            get(shared.clock),
            get(shared.securityEvents),
            get(shared.passwordLimits),
            get(shared.breachedPasswords),
            get(shared.deploymentHost),
          ),
      );
      provide(
        ids.createPasswordResetLink,
        (get) => new CreatePasswordResetLink(get(shared.transactions), get(ids.linkTokens), get(shared.clock)),
      );
      provide(
        ids.checkLinkToken,
        (get) => new CheckLinkToken(get(shared.users), get(ids.oneTimeTokens), get(ids.linkTokens), get(shared.clock)),
      );
      provide(
        ids.verifyEmail,
        (get) => new VerifyEmail(get(shared.transactions), get(ids.linkTokens), get(shared.clock), get(shared.securityEvents)),
      );
      provide(
        ids.sendEmailVerification,
        (get) => new SendEmailVerification(get(shared.transactions), get(ids.linkTokens), get(shared.clock), get(shared.throttle)),
      );
      provide(
        ids.authorizeVerifiedEmail,
        (get) => new AuthorizeVerifiedEmail(get(shared.users), accounts.emailVerification, get(shared.securityEvents)),
      );
      provide(
        ids.requestEmailChange,
        (get) =>
          new RequestEmailChange(
            get(shared.currentPasswordCheck),
            get(shared.throttle),
            cryptoSecretTokens,
            get(ids.accountLinks),
            get(shared.transactions),
            get(shared.clock),
            accounts.emailVerificationTtlMs,
            get(shared.securityEvents),
          ),
      );
      provide(ids.previewEmailChange, (get) => new PreviewEmailChange(cryptoSecretTokens, get(ids.oneTimeTokens), get(shared.clock)));
      provide(
        ids.confirmEmailChange,
        (get) => new ConfirmEmailChange(cryptoSecretTokens, get(shared.transactions), get(shared.clock), get(shared.securityEvents)),
      );
      provide(shared.webFeatures, (get) =>
        linksWeb({
          requestPasswordReset: get(ids.requestPasswordReset),
          resetPassword: get(ids.resetPassword),
          checkLinkToken: get(ids.checkLinkToken),
          verifyEmail: get(ids.verifyEmail),
          sendEmailVerification: get(ids.sendEmailVerification),
          requestEmailChange: get(ids.requestEmailChange),
          previewEmailChange: get(ids.previewEmailChange),
          confirmEmailChange: get(ids.confirmEmailChange),
        }),
      );
      provide(shared.purgeTargets, (get) => ({ name: 'token', store: get(ids.oneTimeTokens) }));
      provide(shared.accountEventSubscribers, () => new LinksAccountEvents());
      provide(shared.personalDataSections, (get) => new LinksDataSection(get(ids.oneTimeTokens)));
    }),
  storage: {
    sql: () =>
      typedModule((provide) => {
        provide(ids.oneTimeTokens, (get) => new KnexOneTimeTokens(get(shared.database)));
        provide(shared.sqlTransactionalStores, () => sqlStore(tokenStore, (trx) => new KnexOneTimeTokens(trx)));
      }),
    memory: () =>
      typedModule((provide) => {
        provide(ids.oneTimeTokens, () => new InMemoryOneTimeTokens());
        provide(shared.memoryTransactionalStores, (get) => memoryStore(tokenStore, get(ids.oneTimeTokens)));
      }),
  },
};
