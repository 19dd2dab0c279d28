import type { ActivityType } from '../../application/shared/ports/security-events.js';
import type { PasswordLimits, PasswordProblem } from '../../domain/shared/password-policy.js';
import type { UserId } from '../../domain/shared/user.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { passwordTooLongMessage } from './password-rules.js';

/**
 * Every message a visitor can read. The first group is fixed word for word by
 * docs/behaviour.md §3 to §5: never reword them.
 */
export const messages = {
  signedUp: 'Successfully signed up.',
  emailTaken: 'Email already taken.',
  loggedIn: 'Successfully logged in.',
  invalidCredentials: 'Invalid email and/ or password.',
  loggedOut: 'Successfully logged out',
  mustBeLoggedIn: 'Must be logged in',
  mustBeSignedUp: 'Must be signed up',
  adminOnly: 'Admin only',

  // Ours: the specification leaves bad sign-up input open.
  invalidEmail: 'Please enter a valid email address.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  invalidPhone: 'Please enter a valid phone number of at most 32 characters, or leave it empty.',
  unreadableForm: 'Please fill in the form and try again.',
  passwordTooCommon: 'This password is one of the most common passwords. Please choose one that is harder to guess.',
  passwordContextWord:
    'This password contains the name of this site or part of your email address or phone number. Please choose one that is harder to guess.',
  passwordBreached:
    'This password has appeared in a data breach, so attackers try it first. Please choose a different one.',

  // Account settings (/account) and the email-change link.
  currentPasswordMissing: 'Please enter your current password.',
  wrongCurrentPassword: 'Your current password is not correct.',
  passwordChanged: 'Your password was changed. Every other session of your account was logged out.',
  sameEmail: 'That is already your email address.',
  phoneChanged: 'Your phone number was changed.',
  phoneRemoved: 'Your phone number was removed.',
  deleteNotConfirmed: 'Please tick the box to confirm that you want to delete your account.',
  lastAdmin:
    'You are the only administrator, so your account cannot be deleted. Make another user an administrator first.',
  accountDeleted: 'Your account was deleted.',
  emailChangeTaken: 'That email address now belongs to another account, so your email address was not changed.',
  // Password reset and email verification.
  passwordResetRequested: 'If an account exists for that address, we have sent a link to reset the password.',
  passwordResetDone: 'Your password has been changed and all your sessions were logged out. Please log in with the new password.',
  emailVerified: 'Thank you: your email address is verified.',
  emailAlreadyVerified: 'Your email address is already verified.',
  verifyEmailFirst: 'Please verify your email address first: follow the link we sent you, or send a new one from this page.',
  // The sessions page (/account/sessions).
  sessionRevoked: 'That session was logged out.',
  otherSessionsRevoked: 'Every other session of your account was logged out.',
  sessionNotFound: 'That session is not one of yours, or it has already ended. Nothing was changed.',
  sessionNotChosen: 'Please choose a session to log out from the list.',
  currentSessionUnknown:
    'This session cannot be told apart from your others, so nothing was changed. Please log out, log in again and try once more.',
  // Remembered devices ("Keep me logged in on this device").
  rememberedDeviceForgotten: 'That device no longer keeps you logged in.',
  rememberedDeviceUnknown: 'That device was already forgotten, or its time was up.',

  // Administration (/users, /users/:id and its actions).
  searchTooLong: 'A search can be at most 254 characters long: no email address is longer.',
  unknownFilter: 'There is no such filter, so every user is shown.',
  unknownMatch: 'There is no such kind of search, so the search finds the addresses that start with the text.',
  userGone: 'That user no longer exists.',
  lastAdminAction:
    'You are the only administrator who can log in, so you cannot do this to your own account. Make another user an administrator first.',
  adminDeleteNotConfirmed: 'Please tick the box to confirm that this account should be deleted.',
  sudoPasswordMissing: 'Please type your password.',
  sudoWrongPassword: 'That password is not correct.',

} as const;

/** The answer to a change of email, the same whether or not another account has the address. */
export function emailChangeRequested(newEmail: string): string {
  return `We sent a link to ${newEmail}. Your email address changes when you open it.`;
}

/** After the link sent to the new address was followed. */
export function emailChanged(newEmail: string): string {
  return `Your email address is now ${newEmail}.`;
}

/** "in 15 minutes", "in 1 minute", "in 30 seconds": when a throttled visitor may try again. */
export function inTime(seconds: number): string {
  if (seconds < 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** Too many failed logins for this email or from this address. */
export function loginThrottled(retryAfterSeconds: number): string {
  return `Too many failed login attempts. Please try again ${inTime(retryAfterSeconds)}.`;
}

/** Too many sign-ups from this address. */
export function signUpThrottled(retryAfterSeconds: number): string {
  return `Too many sign-ups from your network. Please try again ${inTime(retryAfterSeconds)}.`;
}

/** Why a new password was refused, in the words of the sign-up form, under the hasher's `limits`. */
export function newPasswordRefusal(problem: PasswordProblem, limits: PasswordLimits): string {
  switch (problem) {
    case 'password-too-short':
      return messages.passwordTooShort;
    case 'password-too-long':
      return passwordTooLongMessage(limits);
    case 'password-too-common':
      return messages.passwordTooCommon;
    case 'password-context-word':
      return messages.passwordContextWord;
    case 'password-breached':
      return messages.passwordBreached;
    default:
      return unhandled(problem);
  }
}

/** Too many password reset requests for this email or from this address. */
export function passwordResetThrottled(retryAfterSeconds: number): string {
  return `Too many password reset requests. Please try again ${inTime(retryAfterSeconds)}.`;
}

/** Too many verification emails asked for by this user. */
export function verificationThrottled(retryAfterSeconds: number): string {
  return `Too many verification emails were sent. Please try again ${inTime(retryAfterSeconds)}.`;
}

/** Too many email-change links asked for by this user. */
export function emailChangeThrottled(retryAfterSeconds: number): string {
  return `Too many email change requests. Please try again ${inTime(retryAfterSeconds)}.`;
}

/** A new verification link is on its way. */
export function verificationSent(email: string): string {
  return `We have sent a new verification link to ${email}.`;
}

/** "1 session", "3 sessions". */
function sessions(count: number): string {
  return `${count} ${count === 1 ? 'session' : 'sessions'}`;
}

/** The answers to an administrator's actions on the user with this email. */
export const adminAnswers = {
  granted: (email: string) => `${email} is now an administrator.`,
  alreadyAdmin: (email: string) => `${email} is already an administrator.`,
  revoked: (email: string) => `${email} is no longer an administrator.`,
  notAdmin: (email: string) => `${email} was not an administrator.`,
  locked: (email: string, ended: number) => `${email} is locked: they cannot log in, and ${sessions(ended)} ended.`,
  alreadyLocked: (email: string, ended: number) => `${email} was already locked (${sessions(ended)} ended).`,
  unlocked: (email: string) => `${email} is unlocked and can log in again.`,
  notLocked: (email: string) => `${email} was not locked.`,
  resetSent: (email: string) => `A password reset link was sent to ${email}.`,
  resetRecentlySent: (email: string) =>
    `A password reset link was sent to ${email} less than a minute ago, so no other was sent.`,
  sessionsRevoked: (email: string, ended: number) => `${email} was logged out everywhere (${sessions(ended)} ended).`,
  deleted: (email: string) => `The account of ${email} was deleted.`,
};
/** What the activity page calls each event an account's owner did or underwent. */
const ACTIVITY_LABELS: Record<Exclude<ActivityType, keyof typeof ACTED_ON_LABELS>, string> = {
  'signup.succeeded': 'Signed up',
  'login.succeeded': 'Logged in',
  'login.failed': 'Failed login attempt',
  logout: 'Logged out',
  'account.password-changed': 'Password changed',
  'password-reset.requested': 'Password reset requested',
  'password-reset.succeeded': 'Password reset with an emailed link',
  'account.email-change-requested': 'Email change requested',
  'account.email-changed': 'Email change confirmed',
  'account.phone-changed': 'Phone number changed',
  'account.data-exported': 'Copy of your data downloaded',
  'email.verified': 'Email address verified',
  'session.revoked': 'Logged out a session',
  'sessions.revoked-others': 'Logged out every other session',
  'login.remembered': 'Logged in by a remembered browser',
  'remember.theft-detected': 'Possible theft of a remembered login detected',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey removed',
  'two-factor.enabled': 'Authenticator app turned on',
  'two-factor.disabled': 'Authenticator app turned off',
  'two-factor.recovery-codes-regenerated': 'New recovery codes made',
  'two-factor.recovery-code-used': 'Logged in with a recovery code',
  'two-factor.failed': 'Second factor refused after a right password',
};

/** What an administrator or operator did to the account, each followed by who did it. */
const ACTED_ON_LABELS = {
  'admin.granted': 'Admin rights granted',
  'admin.revoked': 'Admin rights revoked',
  'admin.user-locked': 'Account locked',
  'admin.user-unlocked': 'Account unlocked',
  'admin.reset-sent': 'Password reset link sent',
  'admin.sessions-revoked': 'Logged out everywhere',
  'admin.two-factor-reset': 'Two-factor login reset',
  'admin.data-exported': 'Copy of the account\'s data exported',
} as const satisfies Partial<Record<ActivityType, string>>;

/** An event's line on the activity page; what someone else did to the account names who did it. */
export function activityLabel(type: ActivityType, actorId: UserId | null): string {
  if (type in ACTED_ON_LABELS) return `${ACTED_ON_LABELS[type as keyof typeof ACTED_ON_LABELS]} ${byWhom(actorId)}`;
  return ACTIVITY_LABELS[type as Exclude<ActivityType, keyof typeof ACTED_ON_LABELS>];
}

function byWhom(actorId: UserId | null): string {
  return actorId === null ? 'by an operator (command line)' : `by an administrator (#${actorId})`;
}
