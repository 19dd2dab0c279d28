import type { UserDetails } from '../application/administration/get-user-details.js';
import type { SecondFactors } from '../application/two-factor/get-second-factors.js';
import type { UserView } from '../application/shared/user-view.js';

/** What sets a user apart in a list: administrator, locked, unverified; `-` for none. */
function marks(user: UserView): string {
  const marks = [user.admin && 'administrator', user.lockedAt && 'locked', !user.emailVerified && 'unverified'];
  return marks.filter(Boolean).join(', ') || '-';
}

/** `user list`: one line per user, tab-separated (id, email, marks), for grep and cut. */
export function userListLine(user: UserView): string {
  return `${user.id}\t${user.email}\t${marks(user)}`;
}

/** `user list`: the line before the users. */
export function userCountLine(total: number): string {
  return total === 1 ? '1 user:' : `${total} users:`;
}

/** `user show <email>`: the user's state, one fact a line. */
export function userDetailLines(user: UserDetails): string[] {
  const time = (date: Date | null, none: string) => (date ? date.toISOString() : none);
  return [
    `${user.email} (user ${user.id})`,
    `  Email verified: ${user.emailVerified ? 'yes' : 'no'}`,
    `  Administrator:  ${user.admin ? 'yes' : 'no'}`,
    `  Locked:         ${user.lockedAt ? `since ${user.lockedAt.toISOString()}` : 'no'}`,
    `  Live sessions:  ${user.liveSessions}`,
    `  Two-factor:     ${secondFactorsLine(user.secondFactors)}`,
    `  Last login:     ${time(user.lastLoginAt, 'never')}`,
    `  Phone:          ${user.phone ?? 'none'}`,
    `  Member since:   ${user.createdAt.toISOString()}`,
    ...providerLines(user.signInProviders),
  ];
}

/** `user show`: the linked sign-in providers, only for an account that has one (or no password). */
function providerLines(providers: UserDetails['signInProviders']): string[] {
  if (providers.linked.length === 0 && !providers.passwordless) return [];
  const each = providers.linked.map(
    (identity) =>
      `    ${identity.label}: ${identity.email || 'no address'}, linked ${new Date(identity.linkedAt).toISOString()}, ` +
      `last used ${identity.lastUsedAt === null ? 'never' : new Date(identity.lastUsedAt).toISOString()}`,
  );
  return [`  Password:       ${providers.passwordless ? 'none (signed up with a provider)' : 'yes'}`, `  Sign-in providers: ${providers.linked.length}`, ...each];
}

/** "1 session", "3 sessions". */
export function sessionCount(count: number): string {
  return `${count} ${count === 1 ? 'session' : 'sessions'}`;
}

/** `user show`: which second factors the user has. */
function secondFactorsLine(factors: SecondFactors): string {
  const { totp, passkeys, recoveryCodesLeft } = factors;
  const on = totp || passkeys > 0 ? 'on' : 'off';
  return `${on} (authenticator app ${totp ? 'on' : 'off'}, ${passkeys} passkey(s), ${recoveryCodesLeft} recovery code(s) left)`;
}
