import type { ActivityType } from '../../application/shared/ports/security-events.js';
import type { PasswordLimits, PasswordProblem } from '../../domain/shared/password-policy.js';
import type { UserId } from '../../domain/shared/user.js';
import { unhandled } from '../../application/shared/unhandled.js';
import { message, type Message } from './message.js';
import { passwordTooLongMessage } from './password-rules.js';

/**
 * Every message a visitor can read, by its key in the catalogs (`shared.json`, `messages`).
 * The English of the first group is fixed word for word by docs/behaviour.md §3 to §5:
 * never reword them.
 */
export const messages = {
  signedUp: message('messages.signedUp'),
  emailTaken: message('messages.emailTaken'),
  loggedIn: message('messages.loggedIn'),
  invalidCredentials: message('messages.invalidCredentials'),
  loggedOut: message('messages.loggedOut'),
  mustBeLoggedIn: message('messages.mustBeLoggedIn'),
  mustBeSignedUp: message('messages.mustBeSignedUp'),
  adminOnly: message('messages.adminOnly'),

  // Ours: the specification leaves bad sign-up input open.
  invalidEmail: message('messages.invalidEmail'),
  passwordTooShort: message('messages.passwordTooShort'),
  invalidPhone: message('messages.invalidPhone'),
  unreadableForm: message('messages.unreadableForm'),
  passwordTooCommon: message('messages.passwordTooCommon'),
  passwordContextWord: message('messages.passwordContextWord'),
  passwordBreached: message('messages.passwordBreached'),

  // Account settings (/account) and the email-change link.
  currentPasswordMissing: message('messages.currentPasswordMissing'),
  freshSignInNeeded: message('messages.freshSignInNeeded'),
  wrongCurrentPassword: message('messages.wrongCurrentPassword'),
  passwordChanged: message('messages.passwordChanged'),
  sameEmail: message('messages.sameEmail'),
  phoneChanged: message('messages.phoneChanged'),
  phoneRemoved: message('messages.phoneRemoved'),
  deleteNotConfirmed: message('messages.deleteNotConfirmed'),
  lastAdmin: message('messages.lastAdmin'),
  accountDeleted: message('messages.accountDeleted'),
  emailChangeTaken: message('messages.emailChangeTaken'),
  // Password reset and email verification.
  passwordResetRequested: message('messages.passwordResetRequested'),
  passwordResetDone: message('messages.passwordResetDone'),
  emailVerified: message('messages.emailVerified'),
  emailAlreadyVerified: message('messages.emailAlreadyVerified'),
  verifyEmailFirst: message('messages.verifyEmailFirst'),
  // The sessions page (/account/sessions).
  sessionRevoked: message('messages.sessionRevoked'),
  otherSessionsRevoked: message('messages.otherSessionsRevoked'),
  sessionNotFound: message('messages.sessionNotFound'),
  sessionNotChosen: message('messages.sessionNotChosen'),
  currentSessionUnknown: message('messages.currentSessionUnknown'),
  // Remembered devices ("Keep me logged in on this device").
  rememberedDeviceForgotten: message('messages.rememberedDeviceForgotten'),
  rememberedDeviceUnknown: message('messages.rememberedDeviceUnknown'),

  // Administration (/users, /users/:id and its actions).
  searchTooLong: message('messages.searchTooLong'),
  unknownFilter: message('messages.unknownFilter'),
  unknownMatch: message('messages.unknownMatch'),
  userGone: message('messages.userGone'),
  lastAdminAction: message('messages.lastAdminAction'),
  adminDeleteNotConfirmed: message('messages.adminDeleteNotConfirmed'),
  sudoPasswordMissing: message('messages.sudoPasswordMissing'),
  sudoWrongPassword: message('messages.sudoWrongPassword'),

} as const;

/** The answer to a change of email, the same whether or not another account has the address. */
export function emailChangeRequested(newEmail: string): Message {
  return message('messages.emailChangeRequested', { newEmail });
}

/** After the link sent to the new address was followed. */
export function emailChanged(newEmail: string): Message {
  return message('messages.emailChanged', { newEmail });
}

/** "in 15 minutes", "in 1 minute", "in 30 seconds": when a throttled visitor may try again. */
export function inTime(seconds: number): Message {
  if (seconds < 60) return message('time.inSeconds', { count: seconds });
  return message('time.inMinutes', { count: Math.ceil(seconds / 60) });
}

/** Too many failed logins for this email or from this address. */
export function loginThrottled(retryAfterSeconds: number): Message {
  return message('messages.loginThrottled', { when: inTime(retryAfterSeconds) });
}

/** Too many sign-ups from this address. */
export function signUpThrottled(retryAfterSeconds: number): Message {
  return message('messages.signUpThrottled', { when: inTime(retryAfterSeconds) });
}

/** Why a new password was refused, in the words of the sign-up form, under the hasher's `limits`. */
export function newPasswordRefusal(problem: PasswordProblem, limits: PasswordLimits): Message {
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
export function passwordResetThrottled(retryAfterSeconds: number): Message {
  return message('messages.passwordResetThrottled', { when: inTime(retryAfterSeconds) });
}

/** Too many verification emails asked for by this user. */
export function verificationThrottled(retryAfterSeconds: number): Message {
  return message('messages.verificationThrottled', { when: inTime(retryAfterSeconds) });
}

/** Too many email-change links asked for by this user. */
export function emailChangeThrottled(retryAfterSeconds: number): Message {
  return message('messages.emailChangeThrottled', { when: inTime(retryAfterSeconds) });
}

/** A new verification link is on its way. */
export function verificationSent(email: string): Message {
  return message('messages.verificationSent', { email });
}

/** The answers to an administrator's actions on the user with this email (`ended`: the sessions it ended). */
export const adminAnswers = {
  granted: (email: string) => message('adminAnswers.granted', { email }),
  alreadyAdmin: (email: string) => message('adminAnswers.alreadyAdmin', { email }),
  revoked: (email: string) => message('adminAnswers.revoked', { email }),
  notAdmin: (email: string) => message('adminAnswers.notAdmin', { email }),
  locked: (email: string, ended: number) => message('adminAnswers.locked', { email, count: ended }),
  alreadyLocked: (email: string, ended: number) => message('adminAnswers.alreadyLocked', { email, count: ended }),
  unlocked: (email: string) => message('adminAnswers.unlocked', { email }),
  notLocked: (email: string) => message('adminAnswers.notLocked', { email }),
  resetSent: (email: string) => message('adminAnswers.resetSent', { email }),
  resetRecentlySent: (email: string) => message('adminAnswers.resetRecentlySent', { email }),
  sessionsRevoked: (email: string, ended: number) => message('adminAnswers.sessionsRevoked', { email, count: ended }),
  deleted: (email: string) => message('adminAnswers.deleted', { email }),
};

/** The events another person did to the account: their line names who did it. */
const ACTED_ON = new Set<ActivityType>([
  'admin.granted',
  'admin.revoked',
  'admin.user-locked',
  'admin.user-unlocked',
  'admin.reset-sent',
  'admin.sessions-revoked',
  'admin.two-factor-reset',
  'admin.data-exported',
]);

/** An event's line on the activity page (`activity.<type>`); what someone else did to the account names who did it. */
export function activityLabel(type: ActivityType, actorId: UserId | null): Message {
  if (!ACTED_ON.has(type)) return message(`activity.${type}`);
  const by = actorId === null ? message('activity.byOperator') : message('activity.byAdministrator', { id: actorId });
  return message('activity.actedOn', { act: message(`activity.${type}`), by });
}
