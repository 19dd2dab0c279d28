import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { readStringFields } from './form.js';
import { keepLocaleChoice, setWords } from './locale.js';
import { postOnly } from './post-only.js';
import type { Translations } from '../../application/shared/ports/translations.js';

/** Where the footer's switcher posts. */
export const LOCALE_SWITCH_PATH = '/locale';

/**
 * The footer's language switcher: a plain form (no script) that posts the chosen
 * `locale` and the page it was on (`back`). The choice is kept in a cookie; the
 * visitor goes back to that page, on this site only. An unknown locale is a bad request.
 * The cross-site check of every form covers it, as it covers the others.
 */
export function mountLocaleSwitch(router: Router, translations: Translations): void {
  const known = new Set(translations.locales);
  const switchLocale: Middleware = (ctx) => {
    const fields = readStringFields(ctx.request.body, ['locale', 'back']);
    const locale = fields?.locale;
    if (locale === undefined || !known.has(locale)) {
      ctx.throw(400);
      return;
    }
    keepLocaleChoice(ctx, locale);
    setWords(ctx, translations.wordsOf(locale));
    ctx.status = 303;
    ctx.redirect(sameSitePath(fields?.back));
  };
  router.all(LOCALE_SWITCH_PATH, postOnly, switchLocale);
}

/** A path on this site (`/…`, never `//host` or `/\host`, which browsers read as another host); else the home page. */
function sameSitePath(back: string | undefined): string {
  if (back === undefined || !back.startsWith('/') || back.startsWith('//') || back.startsWith('/\\')) return '/';
  return back;
}
