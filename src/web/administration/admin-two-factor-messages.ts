import type { RemovedSecondFactors } from '../../application/administration/reset-two-factor.js';

/** The messages of REQUIRE_2FA_FOR_ADMINS and of an administrator's "Reset two-factor login". */
export const adminTwoFactorMessages = {
  setUpFirst: 'Administrators must set up two-factor login before using the administration pages.',
};

/** The answers to "Reset two-factor login" on the user with this email. */
export const resetTwoFactorAnswers = {
  reset: (email: string, removed: RemovedSecondFactors) =>
    `The two-factor login of ${email} was reset (${removedList(removed)} removed): their next login asks for the password only.`,
  none: (email: string) => `${email} has no second factor, so nothing was reset.`,
};

/** "the authenticator app, 10 recovery codes and 1 passkey". */
export function removedList(removed: RemovedSecondFactors): string {
  const parts = [
    removed.totp && 'the authenticator app',
    removed.recoveryCodes > 0 && counted(removed.recoveryCodes, 'recovery code'),
    removed.passkeys > 0 && counted(removed.passkeys, 'passkey'),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'nothing');
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
