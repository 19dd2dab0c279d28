import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { projectRoot } from '../../../src/infrastructure/project-root.js';

const root = projectRoot();

/** Writes a source tree (path → text), with the project's packages, into a new directory. */
export function plantedProject(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-planted-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const compilerOptions = { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

/** What `depcruise src` with the project's rules says of a tree: its exit code and each violation, sorted. */
export interface CruiseOutcome {
  readonly code: number;
  /** `rule: from → to`, packages named from node_modules/. */
  readonly violations: string[];
}

/** Runs the command `npm run lint` runs on `dir`, with the project's .dependency-cruiser.mjs. */
export async function cruise(dir: string): Promise<CruiseOutcome> {
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
  return { code: result.code, violations: violations.sort() };
}

/**
 * In a mocha suite: plants `files` before its tests, cruises them, and removes the tree
 * after. The returned function gives the outcome, once the suite's `before` has run.
 */
export function cruisedPlantedTree(files: Record<string, string>): () => CruiseOutcome {
  let dir = '';
  let outcome: CruiseOutcome | null = null;
  before(async () => {
    dir = plantedProject(files);
    outcome = await cruise(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return () => {
    if (!outcome) throw new Error('the planted tree was not cruised yet');
    return outcome;
  };
}
