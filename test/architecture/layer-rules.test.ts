import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { projectRoot } from '../../src/infrastructure/project-root.js';

const root = projectRoot();

/** A source tree that breaks every layer rule once, and has the imports the rules allow. */
const PLANTED: Record<string, string> = {
  'src/domain/shared/user.ts': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  'src/application/accounts/sign-up.ts': "import { adapter } from '../../infrastructure/adapter.js';\nexport const use = adapter;\n",
  'src/application/accounts/log-in.ts': "import type { Context } from 'koa';\nexport type Ctx = Context;\n",
  'src/infrastructure/adapter.ts': "import type { Page } from '../web/page.js';\nexport const adapter = (page: Page) => page;\n",
  'src/infrastructure/container.ts':
    "import { Container } from 'inversify';\nimport { page } from '../web/page.js';\nexport const root = [Container, page];\n",
  'src/infrastructure/shared/passwords/bcrypt-password-hasher.ts': "import bcrypt from 'bcrypt';\nexport const b = bcrypt;\n",
  'src/infrastructure/shared/passwords/argon2id-password-hasher.ts':
    "import { hash } from '@node-rs/argon2';\nexport const a = hash;\n",
  'src/infrastructure/hashing.ts':
    "import bcrypt from 'bcrypt';\nimport { hash } from '@node-rs/argon2';\nexport const both = [bcrypt, hash];\n",
  'src/web/page.ts':
    "import { Container } from 'inversify';\nimport { adapter } from '../infrastructure/adapter.js';\n" +
    'export type Page = string;\nexport const page = [Container, adapter];\n',
};

/** Writes the planted tree, with the project's packages, into a new directory. */
function plantedProject(): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-layers-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const compilerOptions = { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  for (const [file, text] of Object.entries(PLANTED)) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe('the layer rules (.dependency-cruiser.mjs, run by npm run lint)', function () {
  this.timeout(60_000);
  let dir: string;
  let outcome: { code: number; violations: string[] };

  before(async () => {
    dir = plantedProject();
    // The command `npm run lint` runs, with the report it prints: rule, module, dependency.
    const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
    const args = ['src', '--config', join(root, '.dependency-cruiser.mjs')];
    const result = await promisify(execFile)(depcruise, args, { cwd: dir }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
    // A cycle is reported over several lines: its first step is kept.
    const violations = [...result.stdout.matchAll(/^\s*error (\S+): (\S+) →\s+(\S+)/gm)].map(
      // Packages resolve through the symlink to the project's own node_modules.
      ([, rule, from, to]) => `${rule}: ${from} → ${to?.replace(/^.*node_modules\//, 'node_modules/')}`,
    );
    outcome = { code: result.code, violations: violations.sort() };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('fail the run (a non-zero exit) when a rule is broken', () => {
    expect(outcome.code).to.not.equal(0);
  });

  it('report each broken rule; let the composition root import inversify and the web, each hasher its library', () => {
    expect(outcome.violations).to.deep.equal([
      'application-imports-only-domain: src/application/accounts/log-in.ts → node_modules/koa/lib/application.js',
      'application-imports-only-domain: src/application/accounts/sign-up.ts → src/infrastructure/adapter.ts',
      'argon2-only-in-its-hasher: src/infrastructure/hashing.ts → node_modules/@node-rs/argon2/index.js',
      'bcrypt-only-in-its-hasher: src/infrastructure/hashing.ts → node_modules/bcrypt/bcrypt.js',
      'domain-imports-only-domain: src/domain/shared/user.ts → fs',
      'infrastructure-not-to-web: src/infrastructure/adapter.ts → src/web/page.ts',
      'inversify-only-in-the-composition-root: src/web/page.ts → node_modules/inversify/lib/index.js',
      'no-circular: src/infrastructure/adapter.ts → src/web/page.ts',
      'web-not-to-adapters: src/web/page.ts → src/infrastructure/adapter.ts',
    ]);
  });
});
