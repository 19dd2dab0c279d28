import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../../src/infrastructure/project-root.js';

const root = projectRoot();

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specifiers: string[] = [];
  for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)) {
    if (match[1]) specifiers.push(match[1]);
  }
  return specifiers;
}

function violations(dir: string, allowed: (specifier: string, file: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => !allowed(specifier, file))
      .map((specifier) => `${file} imports ${specifier}`),
  );
}

describe('layering', () => {
  it('keeps src/domain free of every import outside itself', () => {
    expect(violations('src/domain', (s) => s.startsWith('./'))).to.deep.equal([]);
  });

  it('lets src/application import only itself and the domain', () => {
    const allowed = (s: string) => (s.startsWith('./') || s.startsWith('../')) && !/(infrastructure|web|cli)\//.test(s);
    expect(violations('src/application', allowed)).to.deep.equal([]);
  });

  it('imports inversify only in the composition root', () => {
    const offenders = sourceFiles('src')
      .filter((file) => importsOf(file).some((s) => s === 'inversify' || s.startsWith('@inversifyjs/')))
      .filter((file) => file !== join('src', 'infrastructure', 'container.ts'));
    expect(offenders).to.deep.equal([]);
  });

  it('keeps the web layer away from concrete adapters', () => {
    const offenders = violations('src/web', (s) => !/infrastructure\//.test(s));
    expect(offenders).to.deep.equal([]);
  });

  it('finds the imports it checks (the check itself works)', () => {
    expect(importsOf(join('src', 'infrastructure', 'container.ts'))).to.include('inversify');
  });
});
