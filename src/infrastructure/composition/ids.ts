import type { AccountLinks } from '../../application/links/ports/account-links.js';
import type { Administration } from '../../application/administration/administration.js';
import { type ServiceIdentifier } from 'inversify';
import type { Redis } from 'ioredis';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { AuthThrottle } from '../../application/shared/auth-throttle.js';
import type { AuthorizeAdmin } from '../../application/administration/authorize-admin.js';
import type { CurrentPasswordCheck } from '../../application/shared/current-password-check.js';
import type { EndSessions } from '../../application/devices/end-sessions.js';
import type { DeliverMail } from '../../application/mail/deliver-mail.js';
import type { GetMailStatus } from '../../application/mail/get-mail-status.js';
import type { AuthorizeVerifiedEmail } from '../../application/links/authorize-verified-email.js';
import type { CheckLinkToken } from '../../application/links/check-link-token.js';
import type { CreatePasswordResetLink } from '../../application/links/create-password-reset-link.js';
import type { GetProfile } from '../../application/accounts/get-profile.js';
import type { LinkTokens } from '../../application/links/link-tokens.js';
import type { ListAccountActivity } from '../../application/audit/list-account-activity.js';
import type { ListUsers } from '../../application/administration/list-users.js';
import type { LogIn } from '../../application/accounts/log-in.js';
import type { AttemptCounter } from '../../application/shared/ports/attempt-counter.js';
import type { AuditEvents } from '../../application/audit/ports/audit-events.js';
import type { CommonPasswords } from '../../application/shared/ports/common-passwords.js';
import type { MailComposer } from '../../application/mail/ports/mail-composer.js';
import type { MailQueue } from '../../application/mail/ports/mail-queue.js';
import type { Mailer } from '../../application/mail/ports/mailer.js';
import type { OneTimeTokens } from '../../application/links/ports/one-time-tokens.js';
import type { PasswordHasher } from '../../application/shared/ports/password-hasher.js';
import type { Passkeys } from '../../application/passkeys/ports/passkeys.js';
import type { RememberTokens } from '../../application/devices/ports/remember-tokens.js';
import type { ReadinessCheck } from '../../application/shared/ports/readiness-check.js';
import type { SecurityEvents } from '../../application/shared/ports/security-events.js';
import type { SessionStorage } from '../../application/shared/ports/session-storage.js';
import type { Transactions } from '../../application/shared/ports/transactions.js';
import type { UserRepository } from '../../application/shared/ports/user-repository.js';
import type { RetryFailedMail } from '../../application/mail/retry-failed-mail.js';
import type { RequestPasswordReset } from '../../application/links/request-password-reset.js';
import type { ResetPassword } from '../../application/links/reset-password.js';
import type { SendEmailVerification } from '../../application/links/send-email-verification.js';
import type { SetAdminFlag } from '../../application/administration/set-admin-flag.js';
import type { SignUp } from '../../application/accounts/sign-up.js';
import type { VerifyEmail } from '../../application/links/verify-email.js';
import type { RecoveryCodes } from '../../application/two-factor/ports/recovery-codes.js';
import type { SecretBox } from '../../application/two-factor/ports/secret-box.js';
import type { TotpCredentials } from '../../application/two-factor/ports/totp-credentials.js';
import type { GetSecondFactors } from '../../application/two-factor/get-second-factors.js';
import type { RekeyTotpSecrets } from '../../application/two-factor/rekey-totp-secrets.js';
import type {
  AccountServices,
  AppServices,
  PasskeyServices,
  RememberServices,
  SessionStore,
  TwoFactorServices,
} from '../../web/services.js';
import { type Gatehouse } from '../gatehouse.js';

/** The service identifiers; the only names by which anything is bound. */
export const ids = {
  gatehouse: Symbol.for('Gatehouse') as ServiceIdentifier<Gatehouse>,
  app: Symbol.for('App') as ServiceIdentifier<Koa>,
  services: Symbol.for('AppServices') as ServiceIdentifier<AppServices>,
  readinessChecks: Symbol.for('ReadinessChecks') as ServiceIdentifier<readonly ReadinessCheck[]>,
  database: Symbol.for('Database') as ServiceIdentifier<Knex>,
  users: Symbol.for('UserRepository') as ServiceIdentifier<UserRepository>,
  hasher: Symbol.for('PasswordHasher') as ServiceIdentifier<PasswordHasher>,
  redis: Symbol.for('Redis') as ServiceIdentifier<Redis>,
  attemptCounter: Symbol.for('AttemptCounter') as ServiceIdentifier<AttemptCounter>,
  commonPasswords: Symbol.for('CommonPasswords') as ServiceIdentifier<CommonPasswords>,
  throttle: Symbol.for('AuthThrottle') as ServiceIdentifier<AuthThrottle>,
  signUp: Symbol.for('SignUp') as ServiceIdentifier<SignUp>,
  logIn: Symbol.for('LogIn') as ServiceIdentifier<LogIn>,
  authorizeAdmin: Symbol.for('AuthorizeAdmin') as ServiceIdentifier<AuthorizeAdmin>,
  getProfile: Symbol.for('GetProfile') as ServiceIdentifier<GetProfile>,
  listUsers: Symbol.for('ListUsers') as ServiceIdentifier<ListUsers>,
  setAdminFlag: Symbol.for('SetAdminFlag') as ServiceIdentifier<SetAdminFlag>,
  sessionStorage: Symbol.for('SessionStorage') as ServiceIdentifier<SessionStorage>,
  endSessions: Symbol.for('EndSessions') as ServiceIdentifier<EndSessions>,
  rememberTokens: Symbol.for('RememberTokens') as ServiceIdentifier<RememberTokens>,
  rememberServices: Symbol.for('RememberServices') as ServiceIdentifier<RememberServices>,
  passkeys: Symbol.for('Passkeys') as ServiceIdentifier<Passkeys>,
  passkeyServices: Symbol.for('PasskeyServices') as ServiceIdentifier<PasskeyServices>,
  sessionStore: Symbol.for('SessionStore') as ServiceIdentifier<SessionStore>,
  transactions: Symbol.for('Transactions') as ServiceIdentifier<Transactions>,
  oneTimeTokens: Symbol.for('OneTimeTokens') as ServiceIdentifier<OneTimeTokens>,
  currentPasswordCheck: Symbol.for('CurrentPasswordCheck') as ServiceIdentifier<CurrentPasswordCheck>,
  accountServices: Symbol.for('AccountServices') as ServiceIdentifier<AccountServices>,
  mailer: Symbol.for('Mailer') as ServiceIdentifier<Mailer>,
  mailComposer: Symbol.for('MailComposer') as ServiceIdentifier<MailComposer>,
  mailQueue: Symbol.for('MailQueue') as ServiceIdentifier<MailQueue>,
  deliverMail: Symbol.for('DeliverMail') as ServiceIdentifier<DeliverMail>,
  mailStatus: Symbol.for('GetMailStatus') as ServiceIdentifier<GetMailStatus>,
  retryFailedMail: Symbol.for('RetryFailedMail') as ServiceIdentifier<RetryFailedMail>,
  accountLinks: Symbol.for('AccountLinks') as ServiceIdentifier<AccountLinks>,
  linkTokens: Symbol.for('LinkTokens') as ServiceIdentifier<LinkTokens>,
  requestPasswordReset: Symbol.for('RequestPasswordReset') as ServiceIdentifier<RequestPasswordReset>,
  resetPassword: Symbol.for('ResetPassword') as ServiceIdentifier<ResetPassword>,
  createPasswordResetLink: Symbol.for('CreatePasswordResetLink') as ServiceIdentifier<CreatePasswordResetLink>,
  checkLinkToken: Symbol.for('CheckLinkToken') as ServiceIdentifier<CheckLinkToken>,
  verifyEmail: Symbol.for('VerifyEmail') as ServiceIdentifier<VerifyEmail>,
  sendEmailVerification: Symbol.for('SendEmailVerification') as ServiceIdentifier<SendEmailVerification>,
  authorizeVerifiedEmail: Symbol.for('AuthorizeVerifiedEmail') as ServiceIdentifier<AuthorizeVerifiedEmail>,
  administration: Symbol.for('Administration') as ServiceIdentifier<Administration>,
  auditEvents: Symbol.for('AuditEvents') as ServiceIdentifier<AuditEvents>,
  securityEvents: Symbol.for('SecurityEvents') as ServiceIdentifier<SecurityEvents>,
  listAccountActivity: Symbol.for('ListAccountActivity') as ServiceIdentifier<ListAccountActivity>,
  secretBox: Symbol.for('SecretBox') as ServiceIdentifier<SecretBox>,
  totpCredentials: Symbol.for('TotpCredentials') as ServiceIdentifier<TotpCredentials>,
  recoveryCodes: Symbol.for('RecoveryCodes') as ServiceIdentifier<RecoveryCodes>,
  twoFactorServices: Symbol.for('TwoFactorServices') as ServiceIdentifier<TwoFactorServices>,
  getSecondFactors: Symbol.for('GetSecondFactors') as ServiceIdentifier<GetSecondFactors>,
  rekeyTotpSecrets: Symbol.for('RekeyTotpSecrets') as ServiceIdentifier<RekeyTotpSecrets>,
};
