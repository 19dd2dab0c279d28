import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../project-root.js';

/** The folder of the catalogs: `<locale>/<feature>.json`, beside `views/`. */
export function localesDir(): string {
  return join(projectRoot(), 'locales');
}

/** A locale code as the folders are named: a lower-case language subtag (`en`, `de`). */
const LOCALE_CODE = /^[a-z]{2,3}$/;

/** The locales present: one folder per language, English first, the rest in order. */
export function localesIn(dir: string): string[] {
  const codes = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && LOCALE_CODE.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  return codes.includes('en') ? ['en', ...codes.filter((code) => code !== 'en')] : codes;
}

/** One catalog entry or a nested group of them, as the JSON files hold them. */
export type CatalogTree = { readonly [key: string]: string | CatalogTree };

/** A locale's catalogs, by namespace (the file's name without `.json`). */
export function catalogsOf(dir: string, locale: string): Record<string, CatalogTree> {
  const folder = join(dir, locale);
  const catalogs: Record<string, CatalogTree> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json')).sort()) {
    catalogs[file.slice(0, -'.json'.length)] = JSON.parse(readFileSync(join(folder, file), 'utf8')) as CatalogTree;
  }
  return catalogs;
}
