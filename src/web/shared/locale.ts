import { isLoggedIn } from './passport.js';
import type { Context, Middleware } from 'koa';
import type { LocaleWords, Translations } from '../../application/shared/ports/translations.js';

/** The cookie that keeps a visitor's choice from the footer's switcher: a locale code, nothing secret. */
export const LOCALE_COOKIE = 'gatehouse.locale';

/** A year: the choice is a preference, kept as long as a browser keeps a cookie without complaint. */
const LOCALE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** Where the request's words are kept on `ctx.state`. */
const WORDS = 'words';

/** Where the switcher's choices are kept on `ctx.state`. */
const LANGUAGES = 'languages';

/** Where the app's catalogs are kept on `ctx.state`, for a choice made during the request. */
const TRANSLATIONS = 'translations';

/** Where a logged-in user's saved language is kept in the session, from the login on. */
const SESSION_LOCALE = 'locale';

/** One choice of the footer's switcher: a locale, named in its own language. */
export interface LanguageChoice {
  readonly code: string;
  readonly name: string;
}

/**
 * Picks the request's locale and binds its words once: the language chosen in the
 * footer (its cookie), else the best of `Accept-Language` by its q-values (Koa's
 * `ctx.acceptsLanguages`, which matches `de-AT` to `de`), else DEFAULT_LOCALE. A request
 * that states no preference (no header, or only `*`) gets DEFAULT_LOCALE. A logged-in
 * user's saved language is applied later, once the session is known (`useSavedLocale`).
 * Reads no session: an anonymous page view stays as cheap as before.
 */
export function chooseLocale(translations: Translations): Middleware {
  const { locales, defaultLocale } = translations;
  const known = new Set(locales);
  const languages: readonly LanguageChoice[] = locales.map((code) => ({
    code,
    name: translations.wordsOf(code).text('language.self'),
  }));
  return (ctx, next) => {
    (ctx.state as Record<string, unknown>)[LANGUAGES] = languages;
    (ctx.state as Record<string, unknown>)[TRANSLATIONS] = translations;
    const chosen = ctx.cookies.get(LOCALE_COOKIE);
    const locale = chosen !== undefined && known.has(chosen) ? chosen : fromHeader(ctx, locales, defaultLocale);
    setWords(ctx, translations.wordsOf(locale));
    return next();
  };
}

/** The best locale of the Accept-Language header, or the default when it states none we have. */
function fromHeader(ctx: Context, locales: readonly string[], defaultLocale: string): string {
  const header = ctx.get('Accept-Language').trim();
  if (header === '' || header === '*') return defaultLocale;
  const best = ctx.acceptsLanguages([...locales]);
  return typeof best === 'string' ? best : defaultLocale;
}

/** This request's locale once it is chosen; null before (`chooseLocale`). */
export function localeOf(ctx: Context): string | null {
  const words = (ctx.state as Record<string, unknown>)[WORDS] as LocaleWords | undefined;
  return words?.locale ?? null;
}

/** The words of this request's locale. */
export function wordsOf(ctx: Context): LocaleWords {
  return (ctx.state as Record<string, unknown>)[WORDS] as LocaleWords;
}

/** The switcher's choices: every locale present. */
export function languagesOf(ctx: Context): readonly LanguageChoice[] {
  return (ctx.state as Record<string, unknown>)[LANGUAGES] as readonly LanguageChoice[];
}

/** Switches this request to other words (a saved language, a choice just made). */
export function setWords(ctx: Context, words: LocaleWords): void {
  (ctx.state as Record<string, unknown>)[WORDS] = words;
}

/**
 * Once the session's user is known: a logged-in user's saved language (kept in the
 * session at login, or when chosen on the account page) beats the switcher's cookie and
 * the header. An anonymous request reads no session for it.
 */
export const useSavedLocale: Middleware = (ctx, next) => {
  if (isLoggedIn(ctx)) {
    const saved: unknown = ctx.session?.[SESSION_LOCALE];
    const translations = (ctx.state as Record<string, unknown>)[TRANSLATIONS] as Translations;
    if (typeof saved === 'string' && saved !== wordsOf(ctx).locale && translations.locales.includes(saved)) {
      setWords(ctx, translations.wordsOf(saved));
    }
  }
  return next();
};

/**
 * Applies a user's saved language from now on: this request's words, the session (for the
 * next requests) and the cookie (so the browser keeps it after logging out). A locale no
 * longer present is ignored.
 */
export function applySavedLocale(ctx: Context, locale: string): void {
  const translations = (ctx.state as Record<string, unknown>)[TRANSLATIONS] as Translations;
  if (!translations.locales.includes(locale)) return;
  if (ctx.session) ctx.session[SESSION_LOCALE] = locale;
  keepLocaleChoice(ctx, locale);
  setWords(ctx, translations.wordsOf(locale));
}

/** Keeps a visitor's choice of language in its cookie. */
export function keepLocaleChoice(ctx: Context, locale: string): void {
  ctx.cookies.set(LOCALE_COOKIE, locale, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: LOCALE_COOKIE_MAX_AGE_MS,
    signed: false,
  });
}
