import { spawn } from 'node:child_process';
import { projectRoot } from '../../src/infrastructure/project-root.js';

/** How long a build from nothing may take on a slow machine (about 30 s here). */
export const BUILD_TIMEOUT_MS = 180_000;

let building: Promise<void> | undefined;

/**
 * Runs `npm run build` in the checkout, once per test run, as an operator does before
 * starting the production command; resolves once dist/ is up to date (at once when it is).
 */
export function buildOnce(): Promise<void> {
  building ??= new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent'], { cwd: projectRoot(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run build exited ${code}: ${output}`))));
  });
  return building;
}
