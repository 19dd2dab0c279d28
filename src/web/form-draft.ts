import type { Context } from 'koa';
import { EMAIL_MAX_LENGTH } from '../domain/email.js';
import { PHONE_MAX_LENGTH } from '../domain/phone.js';

/** The forms that give back what was typed after a refusal. */
export type DraftForm = 'signup' | 'login';

/** What a refused form gives back to the person: never the password. */
export interface FormDraft {
  readonly email: string;
  readonly phone: string;
}

const EMPTY: FormDraft = { email: '', phone: '' };

/**
 * Keeps the typed email (and phone) for the next rendering of that form, one time,
 * like a flash. Cut to the forms' own limits, so a huge field cannot swell the
 * session (which may live in the cookie).
 */
export function keepDraft(ctx: Context, form: DraftForm, typed: { email?: string; phone?: string }): void {
  if (!ctx.session) return;
  ctx.session.formDraft = {
    form,
    email: (typed.email ?? '').slice(0, EMAIL_MAX_LENGTH),
    phone: (typed.phone ?? '').slice(0, PHONE_MAX_LENGTH),
  };
}

/**
 * Takes the kept draft out of the session: the next rendered form consumes it, and
 * only the form it was kept for fills it in.
 */
export function takeDraft(ctx: Context, form: DraftForm): FormDraft {
  const session = ctx.session;
  const draft = session?.formDraft as (Partial<FormDraft> & { form?: unknown }) | undefined;
  if (!session || !draft) return EMPTY;
  delete session.formDraft;
  if (draft.form !== form) return EMPTY;
  return {
    email: typeof draft.email === 'string' ? draft.email : '',
    phone: typeof draft.phone === 'string' ? draft.phone : '',
  };
}
