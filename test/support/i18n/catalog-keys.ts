import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type CatalogTree, catalogsOf, localesDir, localesIn } from '../../../src/infrastructure/shared/i18n/catalog-files.js';
import { projectRoot } from '../../../src/infrastructure/project-root.js';

/** The plural suffixes i18next reads (`Intl.PluralRules`' categories). */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every locale present, English first. */
export const LOCALES = localesIn(localesDir());

/** Every entry of a locale's catalogs, as `namespace:path.to.key` → text. */
export function entriesOf(locale: string): Map<string, string> {
  const entries = new Map<string, string>();
  const walk = (prefix: string, tree: CatalogTree): void => {
    for (const [key, value] of Object.entries(tree)) {
      const path = prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`;
      if (typeof value === 'string') entries.set(path, value);
      else walk(path, value);
    }
  };
  for (const [namespace, tree] of Object.entries(catalogsOf(localesDir(), locale))) walk(`${namespace}:`, tree);
  return entries;
}

/** A key without its plural suffix: what the code asks for. */
export function baseKey(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

/** The `{{placeholders}}` of an entry, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{-?\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? ''))].sort();
}

/** The text of every file under `dir` whose name ends with one of `extensions`. */
export function filesUnder(dir: string, extensions: readonly string[]): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path, extensions));
    else if (extensions.some((extension) => name.endsWith(extension))) found.push({ path, text: readFileSync(path, 'utf8') });
  }
  return found;
}

/** The source and templates that ask the catalogs for words. */
export function codeThatSpeaks(): { path: string; text: string }[] {
  const root = projectRoot();
  return [...filesUnder(join(root, 'src'), ['.ts']), ...filesUnder(join(root, 'views'), ['.pug'])];
}
