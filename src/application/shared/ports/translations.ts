/**
 * Looks a catalog entry up by `namespace:key` and fills its `{{placeholders}}` from
 * `values`; `count` picks the plural form (the locale's `Intl.PluralRules`).
 */
export type Translate = (key: string, values?: Readonly<Record<string, unknown>>) => string;

/** One locale's words, in the two forms a page or a message needs. */
export interface LocaleWords {
  /** The locale's code, as `<html lang>` and the catalogs' folder name it. */
  readonly locale: string;
  /** For HTML: the values filled in are escaped, the catalog's own text is trusted markup (`!=` in pug). */
  readonly html: Translate;
  /** For plain text (a flash message, a mail's subject and text part): nothing is escaped. */
  readonly text: Translate;
  /** A moment to the minute in UTC, in the locale's layout, without the zone's name (`2026-11-25 14:03` in English). */
  readonly minute: (at: Date | number) => string;
  /** A day in UTC, in the locale's layout (`2026-11-25` in English). */
  readonly day: (at: Date | number) => string;
}

/** Every locale's catalogs, loaded once at start. */
export interface Translations {
  /** The locales present, the default first: each has every key the default has. */
  readonly locales: readonly string[];
  /** DEFAULT_LOCALE: the language of a visitor who states no usable preference. */
  readonly defaultLocale: string;
  /** The words of `locale`, one of `locales`. */
  wordsOf(locale: string): LocaleWords;
}
