/**
 * A source of passwords known from data breaches (Have I Been Pwned's range API, or a
 * mirror). Asked only about a new password that passed every other rule.
 */
export interface BreachedPasswords {
  /** True when `password` appeared in a breach (often enough to count); never throws. */
  isBreached(password: string): Promise<boolean>;
}

/** The check when BREACHED_PASSWORDS is off: no password is known breached. */
export const NO_BREACHED_PASSWORDS: BreachedPasswords = { isBreached: () => Promise.resolve(false) };
