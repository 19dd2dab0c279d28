import i18next, { type i18n } from 'i18next';
import type { LocaleWords, Translate, Translations } from '../../../application/shared/ports/translations.js';
import { catalogsOf, localesIn } from './catalog-files.js';

/** The namespace a key without `namespace:` falls in: the words every page shares. */
const DEFAULT_NAMESPACE = 'shared';

/**
 * Every catalog under `dir` (`<locale>/<namespace>.json`), read once, synchronously, into
 * one i18next instance (its documented `initAsync: false` with inline `resources`). Each
 * locale's two translators are fixed once (`getFixedT`), so a request only picks them.
 * i18next's JSON format: `{{name}}` placeholders, escaped unless told otherwise;
 * plurals as `key_one` / `key_other` (… `_few`, `_many` where the language has them),
 * chosen by `Intl.PluralRules` from `count`. No fallback language: a missing key is a
 * bug the catalog test catches, never English in a German page.
 */
export function loadTranslations(dir: string, defaultLocale: string): Translations {
  const locales = localesIn(dir);
  if (!locales.includes(defaultLocale)) throw new Error(`no catalogs for ${defaultLocale} in ${dir}`);
  const resources = Object.fromEntries(locales.map((locale) => [locale, catalogsOf(dir, locale)]));
  const namespaces = Object.keys(resources[defaultLocale] ?? {});
  const instance: i18n = i18next.createInstance();
  void instance.init({
    initAsync: false,
    resources,
    lng: defaultLocale,
    supportedLngs: locales,
    fallbackLng: false,
    ns: namespaces,
    defaultNS: DEFAULT_NAMESPACE,
    returnNull: false,
    returnEmptyString: false,
    interpolation: { escapeValue: true, escape: escapeHtml },
  });
  // The plain-text words from a clone with escaping off (sharing the catalogs), so that no call
  // passes interpolation options, which make i18next rebuild its interpolator on every call.
  const plainInstance = instance.cloneInstance({ interpolation: { escapeValue: false } });
  const words = new Map<string, LocaleWords>(
    locales.map((locale) => {
      // `t` with `lng` rather than a fixed translator per locale: the same answer, for a
      // fraction of the work (the fixed one copies every option of the instance per call).
      const html = remembered((key, values) => instance.t(key, { ...values, lng: locale }));
      const text = remembered((key, values) => plainInstance.t(key, { ...values, lng: locale }));
      return [locale, { locale, html, text, ...datesOf(locale) }];
    }),
  );
  return {
    locales: [defaultLocale, ...locales.filter((locale) => locale !== defaultLocale)],
    defaultLocale,
    wordsOf(locale) {
      const found = words.get(locale);
      if (!found) throw new Error(`no catalogs for locale ${locale}`);
      return found;
    },
  };
}

/** The locales whose pages write dates in the ISO 8601 order (`2026-11-25 14:03`) rather than Intl's layout for the language. */
const ISO_ORDER: ReadonlySet<string> = new Set(['en']);

/**
 * A locale's dates: `Intl.DateTimeFormat` in the locale's layout, always in UTC (the pages
 * say so), built once per locale here and never per call. English keeps the ISO 8601
 * order its pages have always shown, which the UTC ISO string already holds.
 */
function datesOf(locale: string): Pick<LocaleWords, 'minute' | 'day'> {
  if (ISO_ORDER.has(locale)) {
    return {
      minute: (at) => {
        const iso = new Date(at).toISOString();
        return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
      },
      day: (at) => new Date(at).toISOString().slice(0, 10),
    };
  }
  const numeric = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' } as const;
  const minutes = new Intl.DateTimeFormat(locale, { ...numeric, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const days = new Intl.DateTimeFormat(locale, numeric);
  return { minute: (at) => minutes.format(at), day: (at) => days.format(at) };
}

/** Entries with values kept per locale and kind: a page's title, a count, a reader's own address come back. */
const WITH_VALUES_KEPT = 1000;

/**
 * An entry's text depends only on its key and values, for the catalogs are read once: an
 * entry without values is kept after its first call (a page's fixed words), and the
 * latest `WITH_VALUES_KEPT` entries with values too, the oldest forgotten first. A page
 * thus costs map look-ups, not a walk through i18next (several microseconds each) per entry.
 */
function remembered(translate: Translate): Translate {
  const plain = new Map<string, string>();
  const withValues = new Map<string, string>();
  return (key, values) => {
    if (values === undefined) {
      let found = plain.get(key);
      if (found === undefined) {
        found = translate(key);
        plain.set(key, found);
      }
      return found;
    }
    const asked = `${key}\u0000${JSON.stringify(values)}`;
    let found = withValues.get(asked);
    if (found === undefined) {
      found = translate(key, values);
      if (withValues.size >= WITH_VALUES_KEPT) withValues.delete(withValues.keys().next().value as string);
      withValues.set(asked, found);
    }
    return found;
  };
}

/** What pug's `#{}` escapes, and only that, so a value reads the same through a catalog as through a template. */
function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
