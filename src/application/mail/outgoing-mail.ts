import type { SecondFactorList } from '../shared/account-events.js';
import type { RequestContext } from '../shared/ports/security-events.js';

/** A user's second factors as a message lists them (the account events' report of them). */
export type { SecondFactorList };

/**
 * A change of a user's second factors, as the notice to the owner names it. A passkey is
 * named by the name its owner gave it; no secret, code or credential id is ever here.
 */
export type SecondFactorChange =
  | { readonly kind: 'authenticator-on' }
  // The codes are kept when a passkey remains for them to stand in for.
  | { readonly kind: 'authenticator-off'; readonly passkeysRemain: boolean; readonly recoveryCodesKept: boolean }
  | { readonly kind: 'recovery-codes-renewed' }
  | { readonly kind: 'passkey-added'; readonly passkeyName: string }
  // The last second factor: the login now asks for the password only.
  | { readonly kind: 'passkey-removed'; readonly passkeyName: string; readonly lastSecondFactor: boolean }
  | { readonly kind: 'reset-by-administrator' }
  | { readonly kind: 'reset-by-operator' };


/** Who acted on an account: an administrator on the pages, or an operator on the command line. */
export type ActingAs = 'administrator' | 'operator';

/** What an administrator (or operator) did to an account, as the notice to its owner names it. */
export type AdminNotice = 'locked' | 'logged-out-everywhere';

/**
 * What a password reset did with the second factors, as the confirmation of the new
 * password tells the owner: `removed` when the reset was the first proof of the
 * mailbox (whoever held the account before may have added them), `kept` on an address
 * verified before, listed so that the owner spots one that is not theirs.
 */
export interface SecondFactorsAtReset {
  readonly kind: 'removed' | 'kept';
  readonly factors: SecondFactorList;
}

/**
 * The messages Gatehouse sends, as facts: what happened and to whom. The text, the
 * subject and the HTML are written at delivery from the templates in views/mail/,
 * so the application knows no wording or markup. Links are absolute (`AccountLinks`).
 */
export type OutgoingMail = MailFacts & MailLanguage;

/**
 * The language a message is written in, fixed when it is queued (a locale code): the
 * recipient's saved language, else, for a message its recipient asked for themself, the
 * language of the request they asked in (`askedIn`), else DEFAULT_LOCALE.
 */
export interface MailLanguage {
  readonly locale?: string;
  /** The language of the request in which the recipient asked for the message themself. */
  readonly askedIn?: string;
}

/** For a message the request's own visitor asked for: the language they asked in, if known. */
export function askedIn(request: RequestContext): MailLanguage {
  return request.locale === undefined ? {} : { askedIn: request.locale };
}

/** What each kind of message says happened. */
export type MailFacts =
  | { readonly kind: 'password-reset'; readonly to: string; readonly link: string; readonly expiresInMinutes: number }
  // `secondFactors` only after a reset of an account that had any.
  | { readonly kind: 'password-changed'; readonly to: string; readonly secondFactors?: SecondFactorsAtReset }
  // An 8-digit code that logs in (as a first factor), typed on /login/code.
  | { readonly kind: 'login-code'; readonly to: string; readonly code: string; readonly expiresInMinutes: number }
  | { readonly kind: 'email-verification'; readonly to: string; readonly link: string; readonly expiresInMinutes: number }
  | { readonly kind: 'email-change-confirmation'; readonly to: string; readonly link: string; readonly expiresInMinutes: number }
  | { readonly kind: 'email-changed'; readonly to: string; readonly newEmail: string }
  | { readonly kind: 'second-factor-changed'; readonly to: string; readonly change: SecondFactorChange }
  // A login completed with a recovery code: `codesLeft` unused ones remain.
  | { readonly kind: 'recovery-code-used'; readonly to: string; readonly codesLeft: number }
  | { readonly kind: 'acted-on-by-admin'; readonly to: string; readonly act: AdminNotice; readonly by: ActingAs }
  // A login from a device the account had not used lately: when (epoch milliseconds),
  // the browser and system as a person names them, and the client's address. No link
  // opens anything: the message points to the sessions page and the forgotten-password form.
  | { readonly kind: 'new-device-login'; readonly to: string; readonly at: number; readonly device: string; readonly address: string };

/** One of the kinds above. */
export type OutgoingMailKind = OutgoingMail['kind'];
