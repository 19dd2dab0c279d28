import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node options `npm start` runs the server with (heap limits), read from
 * package.json, so that the bench measures the process as it ships.
 */
export function productionNodeFlags(root: string): string[] {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> })
    .scripts;
  const match = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/src\/main\.js/.exec(scripts?.start ?? '');
  if (!match) throw new Error('package.json: scripts.start does not run `node [--flags] dist/src/main.js`');
  return (match[1] ?? '').split(/\s+/).filter((flag) => flag.length > 0);
}
