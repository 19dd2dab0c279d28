import type { Context } from 'koa';
import { Email, EMAIL_MAX_LENGTH } from '../../domain/shared/email.js';
import { PHONE_MAX_LENGTH } from '../../domain/shared/phone.js';

/** The forms that give back what was typed after a refusal. */
export type DraftForm = 'signup' | 'login' | 'account-email' | 'account-phone' | 'password-forgot';

/** What a refused form gives back to the person: never the password. */
export interface FormDraft {
  readonly email: string;
  readonly phone: string;
}

/**
 * The draft travels in a cookie of its own, signed, HttpOnly and short-lived, not in
 * the session: the user id is the only user datum a session holds (docs/behaviour.md §1).
 */
const DRAFT_COOKIE = 'gatehouse.draft';
const DRAFT_MAX_AGE_MS = 5 * 60 * 1000;

const EMPTY: FormDraft = { email: '', phone: '' };

/**
 * Keeps the typed email (and phone) for the next rendering of that form, one time,
 * like a flash. Cut to the forms' own limits, so a huge field cannot swell the cookie.
 * The login form keeps its email only when it is an email address: anything else
 * typed there may be a password typed into the wrong field, which no cookie carries.
 */
export function keepDraft(ctx: Context, form: DraftForm, typed: { email?: string; phone?: string }): void {
  const email = typed.email ?? '';
  const draft = {
    form,
    email: form === 'login' && Email.parse(email) === null ? '' : email.slice(0, EMAIL_MAX_LENGTH),
    phone: (typed.phone ?? '').slice(0, PHONE_MAX_LENGTH),
  };
  ctx.cookies.set(DRAFT_COOKIE, Buffer.from(JSON.stringify(draft)).toString('base64url'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: DRAFT_MAX_AGE_MS,
  });
}

/**
 * Takes the kept draft: the next rendered form consumes it (the cookie is cleared),
 * and only the form it was kept for fills it in.
 */
export function takeDraft(ctx: Context, form: DraftForm): FormDraft {
  return takeDraftOf(ctx, [form])?.draft ?? EMPTY;
}

/**
 * Takes the kept draft for a page of several forms: which of `forms` it was kept for,
 * and what it holds; null when there is none for these forms.
 */
export function takeDraftOf(ctx: Context, forms: readonly DraftForm[]): { form: DraftForm; draft: FormDraft } | null {
  const raw = ctx.cookies.get(DRAFT_COOKIE, { signed: true });
  if (!raw) return null;
  // A HEAD request reads the draft without taking it: it changes nothing.
  if (ctx.method !== 'HEAD') ctx.cookies.set(DRAFT_COOKIE, null, { signed: true, secure: ctx.secure });
  const draft = parse(raw);
  const form = forms.find((name) => name === draft?.form);
  if (!draft || form === undefined) return null;
  return {
    form,
    draft: {
      email: typeof draft.email === 'string' ? draft.email : '',
      phone: typeof draft.phone === 'string' ? draft.phone : '',
    },
  };
}

function parse(raw: string): { form?: unknown; email?: unknown; phone?: unknown } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}
