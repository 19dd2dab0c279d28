import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import pug from 'pug';

/** Page templates by name (`home`, `users`, …): locals in, HTML out. */
export interface Templates {
  render(name: string, locals: Record<string, unknown>): string;
}

/**
 * The pug templates under `viewsDir`. In production every one is compiled once, at
 * start-up, without debug instrumentation, so a render touches neither the file
 * system nor the compiler; elsewhere each render compiles its file afresh, so an
 * edited template shows at once. Names come from the code, never from a request.
 */
export function pugTemplates(viewsDir: string, production: boolean): Templates {
  const compiled = new Map<string, pug.compileTemplate>();
  if (production) {
    for (const file of pugFiles(viewsDir)) compiled.set(templateName(viewsDir, file), compile(file, false));
  }
  return {
    render(name, locals) {
      const template = compiled.get(name) ?? (production ? undefined : compile(join(viewsDir, `${name}.pug`), true));
      if (!template) throw new Error(`No template named "${name}" in ${viewsDir}`);
      return template(locals);
    },
  };
}

function compile(file: string, debug: boolean): pug.compileTemplate {
  return pug.compileFile(file, { compileDebug: debug });
}

/** `views/users.pug` → `users`; `views/mail/reset.pug` → `mail/reset`. */
function templateName(viewsDir: string, file: string): string {
  return relative(viewsDir, file).replace(/\\/g, '/').replace(/\.pug$/, '');
}

function pugFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.pug'))
    .map((entry) => join(entry.parentPath, entry.name));
}
