import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { expect } from 'chai';
import { type AppProcess, watchProcess } from '../support/app-process.js';
import { type ImageLayout, layOutImage } from '../support/image-layout.js';
import { BUILD_TIMEOUT_MS, buildOnce } from '../support/production-build.js';
import { refusesConnections } from '../support/raw-http.js';
import { holdLoginOpen } from '../support/request-in-flight.js';

/** `import … from`, `import(…)`, `require(…)` and bare `import` of a string literal, in compiled JavaScript. */
const SPECIFIER = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*['"]([^'"]+)['"]/g;

/** Walks the compiled modules from `entries` through their relative imports; the packages they name. */
function reachableFrom(entries: readonly string[]): { modules: number; packages: Set<string> } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (specifier.startsWith('.')) queue.push(resolve(dirname(file), specifier));
      else if (!specifier.startsWith('node:')) packages.add(specifier);
    }
  }
  return { modules: seen.size, packages };
}

/** What production requires, as an operator sets it. */
const PRODUCTION_SECRETS = {
  SESSION_KEYS: 'a-production-key-that-is-long-enough-0123456789',
  APP_URL: 'https://auth.example.com',
  DATA_ENCRYPTION_KEY: 'ab'.repeat(32),
  TRUST_PROXY: '1',
};

/**
 * No container runs here: the image's last stage is laid out in a folder (its files, and
 * only production packages), and its CMD and HEALTHCHECK run there as the image runs
 * them, with the process that gets the signals being node itself.
 */
describe('the production image, run as its Dockerfile says', function () {
  // Each test starts one to three node processes, one after the other.
  this.timeout(60_000);
  let image: ImageLayout;
  let data: string;
  const started: AppProcess[] = [];

  before(async function () {
    this.timeout(BUILD_TIMEOUT_MS);
    await buildOnce();
    image = layOutImage(mkdtempSync(join(tmpdir(), 'gatehouse-image-')));
  });
  beforeEach(() => {
    data = mkdtempSync(join(tmpdir(), 'gatehouse-image-data-'));
  });
  afterEach(() => {
    for (const app of started.splice(0)) if (app.child.exitCode === null) app.child.kill('SIGKILL');
    rmSync(data, { recursive: true, force: true });
  });
  after(() => {
    if (image) rmSync(image.dir, { recursive: true, force: true });
  });

  /** The image's environment with what an operator adds, on a free port of 127.0.0.1 and a data folder of this test. */
  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    ...image.env,
    ...PRODUCTION_SECRETS,
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_URL: `sqlite:${join(data, 'gatehouse.sqlite')}`,
    SMTP_URL: `file:${join(data, 'outbox')}`,
    ...extra,
  });

  /** Runs an exec-form command of the image (node first) in its WORKDIR. */
  function run(command: readonly string[], environment: Record<string, string>): AppProcess {
    const [program, ...args] = command;
    expect(program).to.equal('node');
    const app = watchProcess(spawn(process.execPath, args, { cwd: image.dir, env: environment, stdio: ['ignore', 'pipe', 'pipe'] }));
    started.push(app);
    return app;
  }

  async function healthcheck(port: number): Promise<number | string> {
    return run(image.healthcheck, { PATH: process.env.PATH ?? '', ...image.env, PORT: String(port) }).exited;
  }

  it('holds the production packages only', () => {
    const packages = readdirSync(join(image.dir, 'node_modules'));
    expect(packages).to.include.members(['koa', 'knex', 'better-sqlite3', 'pino']);
    for (const dev of ['typescript', 'tsx', 'mocha', 'esbuild', 'eslint', 'chai']) expect(packages).not.to.include(dev);
  });

  it('serves with its CMD, and on SIGTERM finishes the request in flight, exits 0 and logs stopped last', async () => {
    const app = run(image.command, env());
    const port = Number((await app.waitForLine((line) => line.msg === 'listening')).port);
    const login = await holdLoginOpen(port, ['X-Forwarded-Proto: https', 'X-Forwarded-For: 203.0.113.7']);

    app.child.kill('SIGTERM');
    await app.waitForLine((line) => line.msg === 'shutting down');
    expect(await refusesConnections(port)).to.equal(true);
    login.finish();

    const response = await login.connection.closed;
    expect(response).to.match(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 302 Found/);
    expect(response).to.match(/Location: \/login/i);
    expect(await app.exited).to.equal(0);
    expect(app.lines.at(-1)?.msg).to.equal('stopped');
    expect(app.stderr()).to.equal('');
  });

  it('passes its HEALTHCHECK while it serves, and fails it once stopped', async () => {
    const app = run(image.command, env());
    const port = Number((await app.waitForLine((line) => line.msg === 'listening')).port);

    expect(await healthcheck(port)).to.equal(0);

    app.child.kill('SIGTERM');
    expect(await app.exited).to.equal(0);
    expect(await healthcheck(port)).to.equal(1);
  });

  it('runs the command line from the build: migrate, migrate status and an admin command', async () => {
    const cli = (...args: string[]) => run(['node', 'dist/src/cli/main.js', ...args], env());

    const migrate = cli('migrate');
    expect(await migrate.exited).to.equal(0);
    expect(String(migrate.lines[0]?.text)).to.match(/^Applied \d+ migration\(s\): /);
    const status = cli('migrate', 'status');
    expect(await status.exited).to.equal(0);
    expect(String(status.lines.at(-1)?.text)).to.match(/^\d+ applied, 0 pending\.$/);
    const grant = cli('admin', 'grant', 'nobody@example.com');
    expect(await grant.exited).to.equal(1);
    expect(grant.stderr().trim()).to.equal('No user with email nobody@example.com');
  });

  it('loads every package the build reaches from its two entry points, at start-up or when first used, from the production packages', async () => {
    const entries = ['dist/src/main.js', 'dist/src/cli/main.js'].map((entry) => join(image.dir, entry));
    const { modules, packages } = reachableFrom(entries);
    expect(modules).to.be.greaterThan(100);
    const manifest = JSON.parse(readFileSync(join(image.dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    expect([...packages].map(packageOf).filter((name) => !(name in manifest.dependencies))).to.deep.equal([]);
    // pino loads pino-pretty by name for a terminal, knex its drivers: every dependency is tried too.
    const all = [...new Set([...packages, ...Object.keys(manifest.dependencies)])];

    const loader = run(
      ['node', '--input-type=module', '-e', `for (const name of ${JSON.stringify(all)}) await import(name); console.log('loaded');`],
      { PATH: process.env.PATH ?? '' },
    );

    expect(await loader.exited, loader.stderr()).to.equal(0);
    expect(loader.lines.map((line) => line.text)).to.deep.equal(['loaded']);
  });
});
