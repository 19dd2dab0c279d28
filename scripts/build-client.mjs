// Bundles the browser script of the passkey pages (src/client/passkeys.ts, with
// @simplewebauthn/browser) into public/passkeys.js, which the app serves from its own
// origin under /assets/. Build output: not committed. Run by `npm run build` and by the
// test set-ups (test/support/client-bundle.ts) before an app reads public/.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import process from 'node:process';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Writes public/passkeys.js; resolves once it is on disk. */
export async function buildClient() {
  await build({
    entryPoints: [join(root, 'src/client/passkeys.ts')],
    outfile: join(root, 'public/passkeys.js'),
    bundle: true,
    format: 'esm',
    target: ['es2020'],
    minify: true,
    legalComments: 'eof',
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildClient();
