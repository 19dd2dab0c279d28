import type { CreateSessionOptions } from 'koa-session';
import type { Administration } from '../application/administration/administration.js';
import type { AuthorizeAdmin } from '../application/administration/authorize-admin.js';
import type { ChangePassword } from '../application/accounts/change-password.js';
import type { ChangePhone } from '../application/accounts/change-phone.js';
import type { ConfirmEmailChange } from '../application/links/confirm-email-change.js';
import type { DeleteAccount } from '../application/accounts/delete-account.js';
import type { ForgetDevice } from '../application/devices/forget-device.js';
import type { ForgetThisDevice } from '../application/devices/forget-this-device.js';
import type { AuthorizeVerifiedEmail } from '../application/links/authorize-verified-email.js';
import type { CheckLinkToken } from '../application/links/check-link-token.js';
import type { GetProfile } from '../application/accounts/get-profile.js';
import type { ListSessions } from '../application/devices/list-sessions.js';
import type { ListRememberedDevices } from '../application/devices/list-remembered-devices.js';
import type { ListAccountActivity } from '../application/audit/list-account-activity.js';
import type { ListUsers } from '../application/administration/list-users.js';
import type { LogInWithRememberedDevice } from '../application/devices/log-in-with-remembered-device.js';
import type { LogIn } from '../application/accounts/log-in.js';
import type { ReadinessCheck } from '../application/shared/ports/readiness-check.js';
import type { SecurityEvents } from '../application/shared/ports/security-events.js';
import type { PreviewEmailChange } from '../application/links/preview-email-change.js';
import type { RememberDevice } from '../application/devices/remember-device.js';
import type { RequestEmailChange } from '../application/links/request-email-change.js';
import type { RequestPasswordReset } from '../application/links/request-password-reset.js';
import type { ResetPassword } from '../application/links/reset-password.js';
import type { RevokeOtherSessions } from '../application/devices/revoke-other-sessions.js';
import type { RevokeSession } from '../application/devices/revoke-session.js';
import type { SendEmailVerification } from '../application/links/send-email-verification.js';
import type { SignUp } from '../application/accounts/sign-up.js';
import type { VerifyEmail } from '../application/links/verify-email.js';
import type { DeletePasskey } from '../application/passkeys/delete-passkey.js';
import type { FinishPasskeyLogin } from '../application/passkeys/finish-passkey-login.js';
import type { FinishPasskeyRegistration } from '../application/passkeys/finish-passkey-registration.js';
import type { ListPasskeys } from '../application/passkeys/list-passkeys.js';
import type { StartPasskeyLogin } from '../application/passkeys/start-passkey-login.js';
import type { FinishPasskeySecondFactor } from '../application/passkeys/finish-passkey-second-factor.js';
import type { StartPasskeySecondFactor } from '../application/passkeys/start-passkey-second-factor.js';
import type { StartPasskeyRegistration } from '../application/passkeys/start-passkey-registration.js';
import type { Clock } from '../application/shared/ports/clock.js';
import type { ConfirmTotpEnrolment } from '../application/two-factor/confirm-totp-enrolment.js';
import type { DisableTwoFactor } from '../application/two-factor/disable-two-factor.js';
import type { GetSecondFactors } from '../application/two-factor/get-second-factors.js';
import type { RegenerateRecoveryCodes } from '../application/two-factor/regenerate-recovery-codes.js';
import type { ShowTwoFactor } from '../application/two-factor/show-two-factor.js';
import type { StartTotpEnrolment } from '../application/two-factor/start-totp-enrolment.js';
import type { StampCredentials } from '../application/accounts/stamp-credentials.js';
import type { VerifySecondFactor } from '../application/two-factor/verify-second-factor.js';
import type { Logger } from './shared/logger.js';

/** The use cases the web layer calls: plain objects, built by the composition root. */
export interface AppServices {
  readonly signUp: SignUp;
  readonly logIn: LogIn;
  readonly authorizeAdmin: AuthorizeAdmin;
  readonly getProfile: GetProfile;
  readonly listUsers: ListUsers;
  readonly requestPasswordReset: RequestPasswordReset;
  readonly resetPassword: ResetPassword;
  /** Whether a link's token works, for the pages links open (it uses nothing). */
  readonly checkLinkToken: CheckLinkToken;
  readonly verifyEmail: VerifyEmail;
  readonly sendEmailVerification: SendEmailVerification;
  /** The EMAIL_VERIFICATION gate. */
  readonly authorizeVerifiedEmail: AuthorizeVerifiedEmail;
  /** The account settings (/account) and the email-change link. */
  readonly account: AccountServices;
  /** "Keep me logged in on this device". */
  readonly remember: RememberServices;
  /** Passkeys: registered on /account/passkeys, used on /login. */
  readonly passkeys: PasskeyServices;
  /** What an administrator does to one user (/users/:id and its actions). */
  readonly administration: Administration;
  /** An account's security events, newest first (/account/activity). */
  readonly listAccountActivity: ListAccountActivity;
  /** Where security events go (the log and the audit trail): `ctx.securityEvents`, for `logSecurityEvent`. */
  readonly securityEvents: SecurityEvents;
  /** The second factor: the pending login (/login/two-factor) and the authenticator setup (/account/two-factor). */
  readonly twoFactor: TwoFactorServices;
}

/** The use cases of two-factor login, and the clock its pending login's five minutes run on. */
export interface TwoFactorServices {
  /** Whether a user's login needs a second factor after the password. */
  readonly getSecondFactors: GetSecondFactors;
  readonly verifySecondFactor: VerifySecondFactor;
  readonly showTwoFactor: ShowTwoFactor;
  readonly startTotpEnrolment: StartTotpEnrolment;
  readonly confirmTotpEnrolment: ConfirmTotpEnrolment;
  readonly regenerateRecoveryCodes: RegenerateRecoveryCodes;
  readonly disableTwoFactor: DisableTwoFactor;
  /** The stamp a pending login keeps of the password step, and checks before it completes. */
  readonly stampCredentials: StampCredentials;
  readonly clock: Clock;
}

/** The use cases of remembered devices: issued at login, used when the session is gone, forgotten at logout. */
export interface RememberServices {
  readonly rememberDevice: RememberDevice;
  readonly logInWithRememberedDevice: LogInWithRememberedDevice;
  readonly forgetThisDevice: ForgetThisDevice;
  /** The remembered devices a user sees, and forgets one by one. */
  readonly listRememberedDevices: ListRememberedDevices;
  readonly forgetDevice: ForgetDevice;
}

/** The use cases of passkeys (WebAuthn): each ceremony's two halves, the list and the removal. */
export interface PasskeyServices {
  readonly startRegistration: StartPasskeyRegistration;
  readonly finishRegistration: FinishPasskeyRegistration;
  readonly startLogin: StartPasskeyLogin;
  readonly finishLogin: FinishPasskeyLogin;
  /** A passkey as the second factor of a pending login: its options, and its answer (counted as a code is). */
  readonly startSecondFactor: StartPasskeySecondFactor;
  readonly finishSecondFactor: FinishPasskeySecondFactor;
  readonly list: ListPasskeys;
  readonly delete: DeletePasskey;
}

/** The use cases of the account settings, of the link that confirms a new email address, and of the sessions page. */
export interface AccountServices {
  readonly changePassword: ChangePassword;
  readonly requestEmailChange: RequestEmailChange;
  readonly previewEmailChange: PreviewEmailChange;
  readonly confirmEmailChange: ConfirmEmailChange;
  readonly changePhone: ChangePhone;
  readonly deleteAccount: DeleteAccount;
  readonly listSessions: ListSessions;
  readonly revokeSession: RevokeSession;
  readonly revokeOtherSessions: RevokeOtherSessions;
}

/** A koa-session external store (get/set/destroy by session id), as koa-session types it. */
export type SessionStore = NonNullable<CreateSessionOptions['store']>;

/** How the web app behaves, decided by configuration. */
export interface WebOptions {
  /** Cookie signing keys, newest first. */
  readonly sessionKeys: readonly string[];
  /** Production hides error details and caches compiled templates. */
  readonly production: boolean;
  /** Absolute path of the pug templates. */
  readonly viewsDir: string;
  /** Absolute path of the files served under /assets/; defaults to `public` next to viewsDir. */
  readonly publicDir?: string;
  /** Where sessions live; omitted, the session is kept in the signed cookie. */
  readonly sessionStore?: SessionStore;
  /** Session cookie lifetime with a store: the absolute session lifetime. */
  readonly sessionMaxAgeMs?: number;
  /** Over TLS (production): Secure cookie named `__Host-…`; needs `app.proxy` behind a TLS proxy. */
  readonly secureCookies?: boolean;
  /** Other origins (`scheme://host[:port]`) whose forms may post here; none by default. */
  readonly trustedOrigins?: readonly string[];
  /** Where request lines, errors and security events go; omitted, nowhere. */
  readonly logger?: Logger;
  /** What /readyz asks; omitted, it asks nothing and says ready. */
  readonly readinessChecks?: readonly ReadinessCheck[];
  /** Tells an unreachable dependency from a bug, to answer 503 instead of 500. */
  readonly isOutage?: (error: unknown) => boolean;
  /**
   * Reverse proxies in front of the app (0 or omitted: none). With N > 0 Koa trusts
   * X-Forwarded-* headers (`app.proxy`) and takes the client address from the Nth
   * X-Forwarded-For entry from the right (`app.maxIpsCount`), the one the outermost
   * trusted proxy wrote, so a client cannot choose its own address.
   */
  readonly proxyHops?: number;
}
