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
  const words = new Map<string, LocaleWords>(
    locales.map((locale) => {
      const fixed = instance.getFixedT(locale);
      const html = remembered((key, values) => fixed(key, values ?? {}));
      const text = remembered((key, values) => fixed(key, { ...values, interpolation: { escapeValue: false } }));
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
 * order its pages have always shown, put together from the same formatter's parts.
 */
function datesOf(locale: string): Pick<LocaleWords, 'minute' | 'day'> {
  const numeric = { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' } as const;
  const minutes = new Intl.DateTimeFormat(locale, { ...numeric, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const days = new Intl.DateTimeFormat(locale, numeric);
  if (!ISO_ORDER.has(locale)) return { minute: (at) => minutes.format(at), day: (at) => days.format(at) };
  return {
    minute(at) {
      const part = partsOf(minutes, at);
      return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
    },
    day(at) {
      const part = partsOf(days, at);
      return `${part.year}-${part.month}-${part.day}`;
    },
  };
}

function partsOf(format: Intl.DateTimeFormat, at: Date | number): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  return Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
}

/**
 * An entry asked for without values is the same on every call, for the catalogs are read
 * once: its text is kept after the first call, so a page's fixed words cost a map look-up
 * each, not a walk through i18next (tens of microseconds).
 */
function remembered(translate: Translate): Translate {
  const plain = new Map<string, string>();
  return (key, values) => {
    if (values !== undefined) return translate(key, values);
    let found = plain.get(key);
    if (found === undefined) {
      found = translate(key);
      plain.set(key, found);
    }
    return found;
  };
}

/** What pug's `#{}` escapes, and only that, so a value reads the same through a catalog as through a template. */
function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char);
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
