import { expect } from 'chai';
import { baseKey, codeThatSpeaks, entriesOf, LOCALES, PLURAL_SUFFIX, placeholdersOf } from '../support/i18n/catalog-keys.js';

/**
 * The catalogs stay complete: every language has every entry English has, in every
 * plural form the language needs, with the same placeholders; and English holds no
 * entry that nothing asks for. A translator's missing or misspelt key fails here.
 */
describe('the catalogs (locales/<locale>/<feature>.json)', () => {
  const english = entriesOf('en');
  const englishKeys = new Set([...english.keys()].map(baseKey));

  it('include English, the language of every SPEC text', () => {
    expect(LOCALES[0]).to.equal('en');
  });

  for (const locale of LOCALES.filter((code) => code !== 'en')) {
    describe(locale, () => {
      const entries = entriesOf(locale);
      const keys = new Set([...entries.keys()].map(baseKey));

      it('has every entry English has', () => {
        expect([...englishKeys].filter((key) => !keys.has(key))).to.deep.equal([]);
      });

      it('has no entry English lacks', () => {
        expect([...keys].filter((key) => !englishKeys.has(key))).to.deep.equal([]);
      });

      it(`has every plural form ${locale} needs where English has plurals`, () => {
        const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
        const plurals = new Set([...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(baseKey));
        const missing = [...plurals].flatMap((key) =>
          categories.filter((category) => !entries.has(`${key}_${category}`)).map((category) => `${key}_${category}`),
        );
        expect(missing).to.deep.equal([]);
      });

      it('keeps the placeholders of each English entry', () => {
        const placeholdersByKey = new Map<string, string[]>();
        for (const [key, text] of english) placeholdersByKey.set(baseKey(key), placeholdersOf(text));
        const changed = [...entries]
          .filter(([key, text]) => {
            const expected = placeholdersByKey.get(baseKey(key));
            // A singular form may say "one" in words where English writes {{count}}.
            const own = placeholdersOf(text).filter((name) => name !== 'count');
            return expected !== undefined && own.join() !== expected.filter((name) => name !== 'count').join();
          })
          .map(([key]) => key);
        expect(changed).to.deep.equal([]);
      });
    });
  }

  it('hold no English entry that no code or template asks for', () => {
    const sources = codeThatSpeaks().map((file) => file.text);
    // Every quoted key or key prefix the code writes: 'ns:a.b', 'a.b', `mail:subjects.${kind}`, 'x.' + y.
    const literals = new Set<string>();
    const prefixes = new Set<string>();
    for (const text of sources) {
      for (const match of text.matchAll(/['`]((?:[a-z-]+:)?[a-zA-Z][\w-]*(?:\.[\w-]+)*\.?)(\$\{|['`])/g)) {
        const [, literal = '', end] = match;
        if (end === '${' || literal.endsWith('.')) prefixes.add(literal);
        else literals.add(literal);
      }
    }
    const asked = (key: string): boolean => {
      const name = baseKey(key);
      const short = name.startsWith('shared:') ? name.slice('shared:'.length) : null;
      const forms = short === null ? [name] : [name, short];
      return forms.some((form) => literals.has(form) || [...prefixes].some((prefix) => form.startsWith(prefix)));
    };
    expect([...english.keys()].filter((key) => !asked(key))).to.deep.equal([]);
  });
});
