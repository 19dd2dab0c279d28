/**
 * The paths a logged-in user without a second factor still reaches under REQUIRE_2FA=all:
 * the two-factor setup, the passkey pages, the account's security pages (the account page
 * with its password form, sessions and activity) and logout. The administration pages
 * are let through here because they check the policy themselves, after the contract's
 * admin check (docs/behaviour.md §4), so a non-administrator there still hears "Admin only".
 */
const ALLOWED: readonly RegExp[] = [
  /^\/logout$/,
  /^\/account\/two-factor(\/[^/]+)?$/,
  /^\/account\/passkeys(\/[^/]+)?$/,
  /^\/account(\/password|\/activity)?$/,
  /^\/account\/sessions(\/[^/]+)?$/,
  /^\/admin(\/[^/]+)?$/,
  /^\/users(\/\d+(\/[^/]+)?)?$/,
];

/** Whether a user without a second factor may open `path` while REQUIRE_2FA=all holds them to the setup. */
export function allowedWithoutSecondFactor(path: string): boolean {
  return ALLOWED.some((pattern) => pattern.test(path));
}
