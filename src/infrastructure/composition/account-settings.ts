import type { AccountLinks } from '../../application/ports/account-links.js';
import type { Container } from 'inversify';
import type { AuthThrottle } from '../../application/auth-throttle.js';
import { ChangePassword } from '../../application/change-password.js';
import { ChangePhone } from '../../application/change-phone.js';
import { ConfirmEmailChange } from '../../application/confirm-email-change.js';
import { CurrentPasswordCheck } from '../../application/current-password-check.js';
import { DeleteAccount } from '../../application/delete-account.js';
import { ListSessions } from '../../application/list-sessions.js';
import type { CommonPasswords } from '../../application/ports/common-passwords.js';
import type { OneTimeTokens } from '../../application/ports/one-time-tokens.js';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';
import type { SessionStorage } from '../../application/ports/session-storage.js';
import type { EndSessions } from '../../application/end-sessions.js';
import type { Transactions } from '../../application/ports/transactions.js';
import type { UserRepository } from '../../application/ports/user-repository.js';
import { PreviewEmailChange } from '../../application/preview-email-change.js';
import { RequestEmailChange } from '../../application/request-email-change.js';
import { RevokeOtherSessions } from '../../application/revoke-other-sessions.js';
import { RevokeSession } from '../../application/revoke-session.js';
import type { AccountServices } from '../../web/services.js';
import type { Config } from '../config.js';
import { cryptoSecretTokens } from '../security/crypto-secret-tokens.js';
import { systemClock } from '../system-clock.js';
import { ids } from './ids.js';

/**
 * The account settings and the email-change link: their use cases, each saving a change
 * and the message that reports it on one transaction; and the sessions page's.
 */
export function bindAccountSettings(container: Container, config: Config): void {
  container
    .bind(ids.currentPasswordCheck)
    .toResolvedValue(
      (users: UserRepository, hasher: PasswordHasher, throttle: AuthThrottle) =>
        new CurrentPasswordCheck(users, hasher, throttle),
      [ids.users, ids.hasher, ids.throttle],
    );
  const ttlMs = config.accounts.emailVerificationTtlMs;
  container.bind(ids.accountServices).toResolvedValue(
    (
      check: CurrentPasswordCheck,
      throttle: AuthThrottle,
      users: UserRepository,
      hasher: PasswordHasher,
      common: CommonPasswords,
      transactions: Transactions,
      tokens: OneTimeTokens,
      endSessions: EndSessions,
      links: AccountLinks,
      sessions: SessionStorage,
    ): AccountServices => ({
      changePassword: new ChangePassword(check, hasher, common, transactions, endSessions, systemClock),
      requestEmailChange: new RequestEmailChange(
        check,
        throttle,
        cryptoSecretTokens,
        links,
        transactions,
        systemClock,
        ttlMs,
      ),
      previewEmailChange: new PreviewEmailChange(cryptoSecretTokens, tokens, systemClock),
      confirmEmailChange: new ConfirmEmailChange(cryptoSecretTokens, transactions, systemClock),
      changePhone: new ChangePhone(check, users),
      deleteAccount: new DeleteAccount(check, transactions, endSessions),
      listSessions: new ListSessions(sessions, systemClock),
      revokeSession: new RevokeSession(endSessions, systemClock),
      revokeOtherSessions: new RevokeOtherSessions(endSessions),
    }),
    [
      ids.currentPasswordCheck,
      ids.throttle,
      ids.users,
      ids.hasher,
      ids.commonPasswords,
      ids.transactions,
      ids.oneTimeTokens,
      ids.endSessions,
      ids.accountLinks,
      ids.sessionStorage,
    ],
  );
}
