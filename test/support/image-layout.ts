import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import { argsOf, type DockerStage, envOf, execForm, readDockerfile } from './dockerfile.js';

/** What the image's last stage holds and runs, laid out in a folder that stands for its WORKDIR. */
export interface ImageLayout {
  /** The folder standing for WORKDIR. */
  readonly dir: string;
  /** The last stage's ENV. */
  readonly env: Readonly<Record<string, string>>;
  /** CMD, exec form. */
  readonly command: readonly string[];
  /** HEALTHCHECK's CMD, exec form. */
  readonly healthcheck: readonly string[];
}

interface LockedPackage {
  readonly dev?: boolean;
}

/**
 * Lays out in `dir` what the Dockerfile's last stage copies: from the build context
 * (this checkout), from the build stage (this checkout after `npm run build`, which
 * runs the same commands), and the deps stage's node_modules, which is what
 * `npm ci --omit=dev` installs: every package of package-lock.json not marked dev, in
 * the lockfile's own layout, copied from the checkout's node_modules. No package that
 * only development needs is there, so a module that imports one fails here as it would
 * in the image. (Installing afresh with npm would build better-sqlite3 from source
 * here, minutes instead of seconds, and need the registry.)
 */
export function layOutImage(dir: string): ImageLayout {
  const root = projectRoot();
  const stages = readDockerfile();
  const final = stages.at(-1) as DockerStage;
  const workdir = argsOf(final, 'WORKDIR').at(-1) ?? '/';
  for (const args of argsOf(final, 'COPY')) {
    const words = args.split(/\s+/);
    const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
    const paths = words.filter((word) => !word.startsWith('--'));
    const target = paths.pop() ?? '';
    const targetDir = join(dir, posix.relative(workdir, posix.resolve(workdir, target)));
    for (const source of paths) {
      const relative = from === undefined ? source : posix.relative(stageWorkdir(stages, from), source);
      const into = paths.length > 1 || target.endsWith('/') ? join(targetDir, posix.basename(relative)) : targetDir;
      if (from === 'deps' && relative === 'node_modules') layOutProductionPackages(root, into, removedIn(stages, 'deps'));
      else copy(join(root, relative), into);
    }
  }
  const healthcheck = argsOf(final, 'HEALTHCHECK').at(-1)?.replace(/^(--\S+\s+)*CMD\s+/, '') ?? '';
  return {
    dir,
    env: envOf(final),
    command: execForm(argsOf(final, 'CMD').at(-1) ?? '') ?? [],
    healthcheck: execForm(healthcheck) ?? [],
  };
}

function stageWorkdir(stages: readonly DockerStage[], name: string): string {
  const stage = stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`COPY --from=${name}: no stage of that name`);
  return argsOf(stage, 'WORKDIR').at(-1) ?? '/';
}

function copy(source: string, target: string): void {
  if (!existsSync(source)) throw new Error(`COPY: ${source} does not exist (built?)`);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(source, target, { recursive: true });
}

/** The packages a stage's `RUN … rm -rf node_modules/<name> …` takes out after installing. */
function removedIn(stages: readonly DockerStage[], name: string): Set<string> {
  const stage = stages.find((candidate) => candidate.name === name);
  const removed = new Set<string>();
  for (const run of stage ? argsOf(stage, 'RUN') : []) {
    for (const [, paths = ''] of run.matchAll(/rm -rf((?:\s+node_modules\/[^\s&;]+)+)/g)) {
      for (const path of paths.trim().split(/\s+/)) removed.add(path);
    }
  }
  return removed;
}

/** The packages `npm ci --omit=dev` installs, copied from the checkout's node_modules, less those the stage removes. */
function layOutProductionPackages(root: string, target: string, removed: ReadonlySet<string>): void {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    // Optional packages for other platforms are in the lockfile but not on disk, nor would they be in the image.
    if (path === '' || entry.dev === true || removed.has(path) || !existsSync(join(root, path))) continue;
    const into = join(target, path.slice('node_modules/'.length));
    const own = join(root, path, 'node_modules');
    // Nested packages are entries of their own; a dev one among them stays out.
    cpSync(join(root, path), into, { recursive: true, filter: (source) => source !== own });
  }
}
