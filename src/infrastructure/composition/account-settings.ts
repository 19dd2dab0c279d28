import type { AccountLinks } from '../../application/links/ports/account-links.js';
import type { Container } from 'inversify';
import type { AuthThrottle } from '../../application/shared/auth-throttle.js';
import { ChangePassword } from '../../application/accounts/change-password.js';
import { ChangePhone } from '../../application/accounts/change-phone.js';
import { ConfirmEmailChange } from '../../application/links/confirm-email-change.js';
import { CurrentPasswordCheck } from '../../application/shared/current-password-check.js';
import { DeleteAccount } from '../../application/accounts/delete-account.js';
import { ListSessions } from '../../application/devices/list-sessions.js';
import type { CommonPasswords } from '../../application/shared/ports/common-passwords.js';
import type { OneTimeTokens } from '../../application/links/ports/one-time-tokens.js';
import type { PasswordHasher } from '../../application/shared/ports/password-hasher.js';
import type { SessionStorage } from '../../application/shared/ports/session-storage.js';
import type { EndSessions } from '../../application/devices/end-sessions.js';
import type { Transactions } from '../../application/shared/ports/transactions.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import { PreviewEmailChange } from '../../application/links/preview-email-change.js';
import { RequestEmailChange } from '../../application/links/request-email-change.js';
import { RevokeOtherSessions } from '../../application/devices/revoke-other-sessions.js';
import { RevokeSession } from '../../application/devices/revoke-session.js';
import type { AccountServices } from '../../web/services.js';
import type { Config } from '../config.js';
import { cryptoSecretTokens } from '../shared/crypto-secret-tokens.js';
import { systemClock } from '../shared/system-clock.js';
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
