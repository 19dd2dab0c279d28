import { EndSessions } from '../../application/end-sessions.js';
import type { SessionStorage } from '../../application/ports/session-storage.js';
import type { Container } from 'inversify';
import type { Administration } from '../../application/administration/administration.js';
import { AuthThrottle } from '../../application/auth-throttle.js';
import { AuthorizeAdmin } from '../../application/authorize-admin.js';
import type { AuthorizeVerifiedEmail } from '../../application/authorize-verified-email.js';
import type { CheckLinkToken } from '../../application/check-link-token.js';
import { GetProfile } from '../../application/get-profile.js';
import type { LinkTokens } from '../../application/link-tokens.js';
import type { ListAccountActivity } from '../../application/list-account-activity.js';
import { ListUsers } from '../../application/list-users.js';
import { LogIn } from '../../application/log-in.js';
import type { AttemptCounter } from '../../application/ports/attempt-counter.js';
import type { CommonPasswords } from '../../application/ports/common-passwords.js';
import type { SecurityEvents } from '../../application/ports/security-events.js';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';
import type { RememberTokens } from '../../application/ports/remember-tokens.js';
import type { Transactions } from '../../application/ports/transactions.js';
import type { UserRepository } from '../../application/ports/user-repository.js';
import type { RequestPasswordReset } from '../../application/request-password-reset.js';
import type { ResetPassword } from '../../application/reset-password.js';
import type { SendEmailVerification } from '../../application/send-email-verification.js';
import { SetAdminFlag } from '../../application/set-admin-flag.js';
import { SignUp } from '../../application/sign-up.js';
import type { VerifyEmail } from '../../application/verify-email.js';
import type { AccountServices, AppServices, PasskeyServices, RememberServices, TwoFactorServices } from '../../web/services.js';
import type { Config } from '../config.js';
import { systemClock } from '../system-clock.js';
import { ids } from './ids.js';
import type { Logger } from '../../application/ports/logger.js';

/** The use cases, each built with exactly the ports it uses, and the set the web app calls. */
export function bindUseCases(container: Container, config: Config, logger: Logger): void {
  container
    .bind(ids.throttle)
    .toResolvedValue(
      (counter: AttemptCounter) => new AuthThrottle(counter, systemClock, config.throttle),
      [ids.attemptCounter],
    );
  container
    .bind(ids.signUp)
    .toResolvedValue(
      (
        users: UserRepository,
        h: PasswordHasher,
        common: CommonPasswords,
        throttle: AuthThrottle,
        transactions: Transactions,
        linkTokens: LinkTokens,
      ) => new SignUp(users, h, common, throttle, transactions, linkTokens, systemClock),
      [ids.users, ids.hasher, ids.commonPasswords, ids.throttle, ids.transactions, ids.linkTokens],
    );
  container
    .bind(ids.logIn)
    .toResolvedValue(
      (users: UserRepository, h: PasswordHasher, throttle: AuthThrottle, events: SecurityEvents) =>
        new LogIn(users, h, throttle, events),
      [ids.users, ids.hasher, ids.throttle, ids.securityEvents],
    );
  container.bind(ids.authorizeAdmin).toResolvedValue((users: UserRepository) => new AuthorizeAdmin(users), [ids.users]);
  container.bind(ids.getProfile).toResolvedValue((users: UserRepository) => new GetProfile(users), [ids.users]);
  container.bind(ids.listUsers).toResolvedValue((users: UserRepository) => new ListUsers(users, systemClock, logger), [ids.users]);
  container
    .bind(ids.endSessions)
    .toResolvedValue(
      (sessions: SessionStorage, remembered: RememberTokens) => new EndSessions(sessions, remembered),
      [ids.sessionStorage, ids.rememberTokens],
    );
  container
    .bind(ids.setAdminFlag)
    .toResolvedValue(
      (users: UserRepository, events: SecurityEvents) => new SetAdminFlag(users, events),
      [ids.users, ids.securityEvents],
    );
  container
    .bind(ids.services)
    .toResolvedValue(
      (
        signUp: SignUp,
        logIn: LogIn,
        authorizeAdmin: AuthorizeAdmin,
        getProfile: GetProfile,
        listUsers: ListUsers,
        requestPasswordReset: RequestPasswordReset,
        resetPassword: ResetPassword,
        checkLinkToken: CheckLinkToken,
        verifyEmail: VerifyEmail,
        sendEmailVerification: SendEmailVerification,
        authorizeVerifiedEmail: AuthorizeVerifiedEmail,
        account: AccountServices,
        remember: RememberServices,
        passkeys: PasskeyServices,
        administration: Administration,
        listAccountActivity: ListAccountActivity,
        securityEvents: SecurityEvents,
        twoFactor: TwoFactorServices,
      ): AppServices => ({
        signUp,
        logIn,
        authorizeAdmin,
        getProfile,
        listUsers,
        requestPasswordReset,
        resetPassword,
        checkLinkToken,
        verifyEmail,
        sendEmailVerification,
        authorizeVerifiedEmail,
        account,
        remember,
        passkeys,
        administration,
        listAccountActivity,
        securityEvents,
        twoFactor,
      }),
      [
        ids.signUp,
        ids.logIn,
        ids.authorizeAdmin,
        ids.getProfile,
        ids.listUsers,
        ids.requestPasswordReset,
        ids.resetPassword,
        ids.checkLinkToken,
        ids.verifyEmail,
        ids.sendEmailVerification,
        ids.authorizeVerifiedEmail,
        ids.accountServices,
        ids.rememberServices,
        ids.passkeyServices,
        ids.administration,
        ids.listAccountActivity,
        ids.securityEvents,
        ids.twoFactorServices,
      ],
    );
}
