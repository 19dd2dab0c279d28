import type { Context } from 'koa';
import { EMAIL_MAX_LENGTH } from '../domain/email.js';
import { PHONE_MAX_LENGTH } from '../domain/phone.js';

/** What a refused sign-up gives back to its form: never the password. */
export interface SignUpDraft {
  readonly email: string;
  readonly phone: string;
}

const EMPTY: SignUpDraft = { email: '', phone: '' };

/**
 * Keeps the typed email and phone for the next rendering of the sign-up form, one
 * time, like a flash. Cut to the form's own limits, so a huge field cannot swell
 * the session (which may live in the cookie).
 */
export function keepSignUpDraft(ctx: Context, email: string, phone: string): void {
  if (!ctx.session) return;
  ctx.session.signUpDraft = {
    email: email.slice(0, EMAIL_MAX_LENGTH),
    phone: phone.slice(0, PHONE_MAX_LENGTH),
  } satisfies SignUpDraft;
}

/** Takes the kept draft out of the session; empty fields when there is none. */
export function takeSignUpDraft(ctx: Context): SignUpDraft {
  const session = ctx.session;
  const draft = session?.signUpDraft as Partial<SignUpDraft> | undefined;
  if (!session || !draft) return EMPTY;
  delete session.signUpDraft;
  return {
    email: typeof draft.email === 'string' ? draft.email : '',
    phone: typeof draft.phone === 'string' ? draft.phone : '',
  };
}
