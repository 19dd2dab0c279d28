import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Translations } from '../../../src/application/shared/ports/translations.js';
import { localesDir } from '../../../src/infrastructure/shared/i18n/catalog-files.js';
import { loadTranslations } from '../../../src/infrastructure/shared/i18n/i18next-translations.js';

type Tree = { [key: string]: string | Tree };

function marked(tree: Tree, mark: string): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [key, typeof value === 'string' ? `${mark}${value}` : marked(value, mark)]),
  );
}

/**
 * The catalogs of locales/ plus made-up copies of English for `codes` (each entry
 * marked `[code] `), so the choice of a language can be tested before the translations exist.
 */
export function translationsWith(codes: readonly string[], defaultLocale = 'en'): Translations {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-locales-'));
  cpSync(localesDir(), dir, { recursive: true });
  for (const code of codes) {
    cpSync(join(dir, 'en'), join(dir, code), { recursive: true });
    for (const file of readdirSync(join(dir, code))) {
      const path = join(dir, code, file);
      writeFileSync(path, JSON.stringify(marked(JSON.parse(readFileSync(path, 'utf8')) as Tree, `[${code}] `)));
    }
  }
  return loadTranslations(dir, defaultLocale);
}
