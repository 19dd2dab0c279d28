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

/**
 * The messages Gatehouse sends, as facts: what happened and to whom. The text, the
 * subject and the HTML are written at delivery from the templates in views/mail/,
 * so the application knows no wording or markup. Links are absolute (`AccountLinks`).
 */
export type OutgoingMail =
  | { readonly kind: 'password-reset'; readonly to: string; readonly link: string; readonly expiresInMinutes: number }
  | { readonly kind: 'password-changed'; readonly to: string }
  | { readonly kind: 'email-verification'; readonly to: string; readonly link: string; readonly expiresInMinutes: number }
  | { readonly kind: 'email-change-confirmation'; readonly to: string; readonly link: string; readonly expiresInMinutes: number }
  | { readonly kind: 'email-changed'; readonly to: string; readonly newEmail: string }
  | { readonly kind: 'second-factor-changed'; readonly to: string; readonly change: SecondFactorChange };

/** One of the kinds above. */
export type OutgoingMailKind = OutgoingMail['kind'];
