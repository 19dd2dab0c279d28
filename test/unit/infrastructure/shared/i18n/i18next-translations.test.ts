import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadTranslations } from '../../../../../src/infrastructure/shared/i18n/i18next-translations.js';

/** A catalog folder of two locales, one namespace each. */
function catalogs(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-catalogs-'));
  const write = (locale: string, entries: object) => {
    mkdirSync(join(dir, locale));
    writeFileSync(join(dir, locale, 'shared.json'), JSON.stringify(entries));
  };
  write('en', { hello: 'Hello, {{name}}.', plain: 'Plain words', items_one: '{{count}} item', items_other: '{{count}} items' });
  write('de', { hello: 'Hallo, {{name}}.', plain: 'Schlichte Worte', items_one: '{{count}} Eintrag', items_other: '{{count}} Einträge' });
  return dir;
}

describe('loadTranslations (i18next)', () => {
  const translations = loadTranslations(catalogs(), 'en');
  const en = translations.wordsOf('en');
  const de = translations.wordsOf('de');

  it('escapes values for HTML, and only for HTML', () => {
    expect(en.html('hello', { name: '<b>"Ann" & co</b>' })).to.equal('Hello, &lt;b&gt;&quot;Ann&quot; &amp; co&lt;/b&gt;.');
    expect(en.text('hello', { name: '<b>"Ann" & co</b>' })).to.equal('Hello, <b>"Ann" & co</b>.');
  });

  it('answers each locale in its own words, with its plural forms, call after call', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(de.html('hello', { name: 'Ann' })).to.equal('Hallo, Ann.');
      expect(en.html('hello', { name: 'Ann' })).to.equal('Hello, Ann.');
      expect(de.text('plain')).to.equal('Schlichte Worte');
      expect(en.html('items', { count: 1 })).to.equal('1 item');
      expect(de.html('items', { count: 2 })).to.equal('2 Einträge');
    }
  });

  it('tells apart values that a kept answer could confuse', () => {
    const names = Array.from({ length: 1500 }, (_, n) => `name-${n}`);
    for (const name of names) expect(en.text('hello', { name })).to.equal(`Hello, ${name}.`);
    // The first ones were forgotten past the bound, and are answered afresh.
    expect(en.text('hello', { name: 'name-0' })).to.equal('Hello, name-0.');
    expect(en.html('hello', { name: 'a', other: 'b' })).to.equal('Hello, a.');
    expect(en.html('hello', { name: 'a,"other":"b"' })).to.equal('Hello, a,&quot;other&quot;:&quot;b&quot;.');
  });
});
