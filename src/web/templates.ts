import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pug from 'pug';

/** A compiled page template: locals in, HTML out. */
type Template = (locals: Record<string, unknown>) => string;

/** What koa-views calls to render a file: its `engineSource`, keyed by extension. */
export interface PugEngineSource {
  pug(file: string, locals: Record<string, unknown>): Promise<string>;
}

/**
 * The pug engine koa-views renders with. In production every template under
 * `viewsDir` is compiled once, at start-up, without debug instrumentation, so a
 * render reads and compiles nothing; elsewhere each render compiles the file afresh,
 * so an edited template shows at once.
 */
export function pugEngine(viewsDir: string, production: boolean): PugEngineSource {
  const compiled = new Map<string, Template>();
  const compile = (file: string): Template => pug.compileFile(file, { compileDebug: !production });
  if (production) for (const file of pugFiles(viewsDir)) compiled.set(file, compile(file));
  return {
    async pug(file, locals) {
      return (compiled.get(resolve(file)) ?? compile(file))(locals);
    },
  };
}

function pugFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.pug'))
    .map((entry) => resolve(join(entry.parentPath, entry.name)));
}
