/**
 * The absolute links a message carries, on the public origin (APP_URL), never on the
 * Host header of a request. The web layer knows the paths; the composition root the origin.
 */
export interface AccountLinks {
  passwordReset(token: string): string;
  emailVerification(token: string): string;
  emailChange(token: string): string;
}
