/** How many attempts are allowed per window; a limit of 0 turns that check off. */
export interface ThrottleLimits {
  /** Failed logins per normalised email, whether or not an account has it. */
  readonly loginFailuresPerEmail: number;
  /** Failed logins per client address, whatever the emails. */
  readonly loginFailuresPerAddress: number;
  /** The window of both login limits. */
  readonly loginWindowMs: number;
  /** Sign-up attempts that reach the user store, per client address. */
  readonly signUpsPerAddress: number;
  /** The window of the sign-up limit. */
  readonly signUpWindowMs: number;
  /** Password reset requests per normalised email, whether or not an account has it. */
  readonly passwordResetsPerEmail: number;
  /** Password reset requests per client address, whatever the emails. */
  readonly passwordResetsPerAddress: number;
  /** The window of both password reset limits. */
  readonly passwordResetWindowMs: number;
  /** Verification emails a logged-in user may ask for again. */
  readonly verificationEmailsPerUser: number;
  /** The window of the verification email limit. */
  readonly verificationEmailWindowMs: number;
  /** Reset links an administrator may send one user per window: one, so a double click sends one. */
  readonly adminPasswordResetsPerUser: number;
  /** The window of the administrators' reset links. */
  readonly adminPasswordResetWindowMs: number;
  /** Second-factor codes per user (after a right password), right or wrong. */
  readonly secondFactorPerUser: number;
  /** Second-factor codes per client address, whatever the users. */
  readonly secondFactorPerAddress: number;
  /** The window of both second-factor limits. */
  readonly secondFactorWindowMs: number;
}

/** Defaults well inside OWASP ASVS's "at most 100 failed attempts per hour per account". */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  loginFailuresPerEmail: 10,
  loginFailuresPerAddress: 50,
  loginWindowMs: 15 * 60 * 1000,
  signUpsPerAddress: 20,
  signUpWindowMs: 60 * 60 * 1000,
  passwordResetsPerEmail: 5,
  passwordResetsPerAddress: 20,
  passwordResetWindowMs: 60 * 60 * 1000,
  verificationEmailsPerUser: 5,
  verificationEmailWindowMs: 60 * 60 * 1000,
  adminPasswordResetsPerUser: 1,
  adminPasswordResetWindowMs: 60 * 1000,
  secondFactorPerUser: 5,
  secondFactorPerAddress: 20,
  secondFactorWindowMs: 15 * 60 * 1000,
};
