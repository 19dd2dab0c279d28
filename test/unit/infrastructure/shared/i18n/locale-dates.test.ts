import { expect } from 'chai';
import { translationsWith } from '../../../../support/i18n/test-locales.js';

describe('a locale’s dates', () => {
  const translations = translationsWith(['de', 'fr', 'es']);
  const at = Date.UTC(2026, 10, 25, 4, 3, 59);
  const lateEvening = new Date(Date.UTC(2026, 0, 1, 23, 59, 30));

  it('keeps the ISO 8601 order in English, to the minute, with a 24-hour clock', () => {
    const english = translations.wordsOf('en');
    expect(english.minute(at)).to.equal('2026-11-25 04:03');
    expect(english.day(at)).to.equal('2026-11-25');
    expect(english.minute(Date.UTC(2026, 10, 25, 0, 7))).to.equal('2026-11-25 00:07');
  });

  it('writes each other language in its own layout (Intl), with a 24-hour clock', () => {
    expect(['de', 'fr', 'es'].map((locale) => translations.wordsOf(locale).minute(at))).to.deep.equal([
      '25.11.2026, 04:03',
      '25/11/2026 04:03',
      '25/11/2026, 04:03',
    ]);
    expect(['de', 'fr', 'es'].map((locale) => translations.wordsOf(locale).day(at))).to.deep.equal(['25.11.2026', '25/11/2026', '25/11/2026']);
  });

  it('reads every moment in UTC, whatever the server’s time zone, a Date or epoch milliseconds alike', () => {
    for (const locale of translations.locales) {
      const words = translations.wordsOf(locale);
      expect(words.minute(lateEvening), locale).to.equal(words.minute(lateEvening.getTime()));
      expect(words.minute(lateEvening), locale).to.match(/23:59$/);
      expect(words.day(lateEvening), locale).to.match(/(^2026-01-01$)|(^01[./]01[./]2026$)/);
    }
  });
});
