import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../../src/infrastructure/project-root.js';

const root = projectRoot();

/** The entry points, which hand process.env to loadConfig, and nothing else. */
const ALLOWED = new Set([join('src', 'main.ts'), join('src', 'cli', 'main.ts')]);

function sourceFiles(): string[] {
  return readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

function readsEnvironment(file: string): boolean {
  return /process\.env\b|process\[['"]env['"]\]/.test(readFileSync(join(root, file), 'utf8'));
}

describe('configuration', () => {
  it('is read from process.env only by the entry points, which pass it to loadConfig', () => {
    const offenders = sourceFiles().filter((file) => readsEnvironment(file) && !ALLOWED.has(file));
    expect(offenders).to.deep.equal([]);
  });

  it('finds the entry points that do read it (the check itself works)', () => {
    expect([...ALLOWED].filter(readsEnvironment)).to.deep.equal([...ALLOWED]);
  });
});
