import type { Context } from 'koa';
import { BCRYPT_PASSWORD_LIMITS, type PasswordLimits } from '../../domain/shared/password-policy.js';
import { message, type Message } from './message.js';

/** What a form that sets a new password tells about its length: the field's maxlength and the hint. */
export interface PasswordRules {
  /**
   * The input's maxlength, which counts UTF-16 code units: never more than the bytes of
   * the same text in UTF-8, so a password the hasher takes is never cut short by it.
   */
  readonly maxlength: number;
  readonly hint: Message;
}

/** The limits `createApp` was given, or bcrypt's, the default, in an app built without them. */
export function passwordLimitsOf(ctx: Context): PasswordLimits {
  return ctx.passwordLimits ?? BCRYPT_PASSWORD_LIMITS;
}

/** Whether these are bcrypt's limits, whose words stay as they always were. */
function isBcrypt(limits: PasswordLimits): boolean {
  return limits.maxBytes === BCRYPT_PASSWORD_LIMITS.maxBytes;
}

/** The field's limits and hint under the hasher's `limits`. */
export function passwordRules(limits: PasswordLimits): PasswordRules {
  const hint = isBcrypt(limits)
    ? message('passwordRules.hintBcrypt')
    : message('passwordRules.hint', { maxBytes: limits.maxBytes, characters: limits.maxBytes / 4 });
  return { maxlength: limits.maxBytes, hint };
}

/** The refusal of a new password longer than the hasher takes. */
export function passwordTooLongMessage(limits: PasswordLimits): Message {
  return isBcrypt(limits)
    ? message('passwordRules.tooLongBcrypt')
    : message('passwordRules.tooLong', { maxBytes: limits.maxBytes, characters: limits.maxBytes / 4 });
}
