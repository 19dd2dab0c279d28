import type { AccountLinks } from '../../application/ports/account-links.js';
import type { Administration } from '../../application/administration/administration.js';
import { type ServiceIdentifier } from 'inversify';
import type { Redis } from 'ioredis';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { AuthThrottle } from '../../application/auth-throttle.js';
import type { AuthorizeAdmin } from '../../application/authorize-admin.js';
import type { CurrentPasswordCheck } from '../../application/current-password-check.js';
import type { EndSessions } from '../../application/end-sessions.js';
import type { DeliverMail } from '../../application/deliver-mail.js';
import type { GetMailStatus } from '../../application/get-mail-status.js';
import type { AuthorizeVerifiedEmail } from '../../application/authorize-verified-email.js';
import type { CheckLinkToken } from '../../application/check-link-token.js';
import type { CreatePasswordResetLink } from '../../application/create-password-reset-link.js';
import type { GetProfile } from '../../application/get-profile.js';
import type { LinkTokens } from '../../application/link-tokens.js';
import type { ListAccountActivity } from '../../application/list-account-activity.js';
import type { ListUsers } from '../../application/list-users.js';
import type { LogIn } from '../../application/log-in.js';
import type { AttemptCounter } from '../../application/ports/attempt-counter.js';
import type { AuditEvents } from '../../application/ports/audit-events.js';
import type { CommonPasswords } from '../../application/ports/common-passwords.js';
import type { MailComposer } from '../../application/ports/mail-composer.js';
import type { MailQueue } from '../../application/ports/mail-queue.js';
import type { Mailer } from '../../application/ports/mailer.js';
import type { OneTimeTokens } from '../../application/ports/one-time-tokens.js';
import type { PasswordHasher } from '../../application/ports/password-hasher.js';
import type { Passkeys } from '../../application/ports/passkeys.js';
import type { RememberTokens } from '../../application/ports/remember-tokens.js';
import type { ReadinessCheck } from '../../application/ports/readiness-check.js';
import type { SecurityEvents } from '../../application/ports/security-events.js';
import type { SessionStorage } from '../../application/ports/session-storage.js';
import type { Transactions } from '../../application/ports/transactions.js';
import type { UserRepository } from '../../application/ports/user-repository.js';
import type { RetryFailedMail } from '../../application/retry-failed-mail.js';
import type { RequestPasswordReset } from '../../application/request-password-reset.js';
import type { ResetPassword } from '../../application/reset-password.js';
import type { SendEmailVerification } from '../../application/send-email-verification.js';
import type { SetAdminFlag } from '../../application/set-admin-flag.js';
import type { SignUp } from '../../application/sign-up.js';
import type { VerifyEmail } from '../../application/verify-email.js';
import type { RecoveryCodes } from '../../application/ports/recovery-codes.js';
import type { SecretBox } from '../../application/ports/secret-box.js';
import type { TotpCredentials } from '../../application/ports/totp-credentials.js';
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
