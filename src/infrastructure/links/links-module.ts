import type { Container } from 'inversify';
import type { AuthThrottle } from '../../application/shared/auth-throttle.js';
import { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';
import { CheckLinkToken } from '../../application/links/check-link-token.js';
import { CreatePasswordResetLink } from '../../application/links/create-password-reset-link.js';
import { LinkTokens } from '../../application/links/link-tokens.js';
import type { CommonPasswords } from '../../application/shared/ports/common-passwords.js';
import type { Logger } from '../../application/shared/ports/logger.js';
import type { OneTimeTokens } from '../../application/links/ports/one-time-tokens.js';
import type { PasswordHasher } from '../../application/shared/ports/password-hasher.js';
import type { SecurityEvents } from '../../application/shared/ports/security-events.js';
import type { EndSessions } from '../../application/devices/end-sessions.js';
import type { Transactions } from '../../application/shared/ports/transactions.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import { RequestPasswordReset } from '../../application/links/request-password-reset.js';
import { ResetPassword } from '../../application/links/reset-password.js';
import { SendEmailVerification } from '../../application/links/send-email-verification.js';
import { VerifyEmail } from '../../application/links/verify-email.js';
import type { AccountLinks } from '../../application/links/ports/account-links.js';
import { accountLinks } from '../../web/links/account-links.js';
import type { Config } from '../config.js';
import { cryptoSecretTokens } from '../shared/crypto-secret-tokens.js';
import { systemClock } from '../shared/system-clock.js';
import { ids } from '../composition/ids.js';

/** The use cases of emailed links: password reset and email verification. */
export function bindLinkUseCases(container: Container, config: Config, logger: Logger): void {
  const { accounts } = config;
  container.bind(ids.accountLinks).toResolvedValue(() => accountLinks(config.appUrl));
  container.bind(ids.linkTokens).toResolvedValue(
    (links: AccountLinks) =>
      new LinkTokens(cryptoSecretTokens, links, {
        passwordResetMs: accounts.passwordResetTtlMs,
        emailVerificationMs: accounts.emailVerificationTtlMs,
      }),
    [ids.accountLinks],
  );
  container
    .bind(ids.requestPasswordReset)
    .toResolvedValue(
      (transactions: Transactions, linkTokens: LinkTokens, throttle: AuthThrottle, events: SecurityEvents) =>
        new RequestPasswordReset(transactions, linkTokens, systemClock, throttle, logger, events),
      [ids.transactions, ids.linkTokens, ids.throttle, ids.securityEvents],
    );
  container
    .bind(ids.resetPassword)
    .toResolvedValue(
      (
        users: UserRepository,
        tokens: OneTimeTokens,
        transactions: Transactions,
        linkTokens: LinkTokens,
        hasher: PasswordHasher,
        common: CommonPasswords,
        endSessions: EndSessions,
      ) => new ResetPassword(users, tokens, transactions, linkTokens, hasher, common, endSessions, systemClock),
      [
        ids.users,
        ids.oneTimeTokens,
        ids.transactions,
        ids.linkTokens,
        ids.hasher,
        ids.commonPasswords,
        ids.endSessions,
      ],
    );
  container
    .bind(ids.createPasswordResetLink)
    .toResolvedValue(
      (transactions: Transactions, linkTokens: LinkTokens) =>
        new CreatePasswordResetLink(transactions, linkTokens, systemClock),
      [ids.transactions, ids.linkTokens],
    );
  container
    .bind(ids.checkLinkToken)
    .toResolvedValue(
      (users: UserRepository, tokens: OneTimeTokens, linkTokens: LinkTokens) =>
        new CheckLinkToken(users, tokens, linkTokens, systemClock),
      [ids.users, ids.oneTimeTokens, ids.linkTokens],
    );
  container
    .bind(ids.verifyEmail)
    .toResolvedValue(
      (transactions: Transactions, linkTokens: LinkTokens) => new VerifyEmail(transactions, linkTokens, systemClock),
      [ids.transactions, ids.linkTokens],
    );
  container
    .bind(ids.sendEmailVerification)
    .toResolvedValue(
      (transactions: Transactions, linkTokens: LinkTokens, throttle: AuthThrottle) =>
        new SendEmailVerification(transactions, linkTokens, systemClock, throttle),
      [ids.transactions, ids.linkTokens, ids.throttle],
    );
  container
    .bind(ids.authorizeVerifiedEmail)
    .toResolvedValue(
      (users: UserRepository) => new AuthorizeVerifiedEmail(users, accounts.emailVerification),
      [ids.users],
    );
}
