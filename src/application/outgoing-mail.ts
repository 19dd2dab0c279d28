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
  | { readonly kind: 'email-changed'; readonly to: string; readonly newEmail: string };

/** One of the kinds above. */
export type OutgoingMailKind = OutgoingMail['kind'];
