import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import { type AppProcess, startApp } from '../support/app-process.js';
import { CookieClient } from '../support/cookie-client.js';
import { requireServer } from '../support/servers.js';
import { MYSQL, POSTGRES, type TestDatabase, type TestSqlServer } from '../support/sql-servers.js';
import { secretOnPage, STEP_MS, totpCode } from '../support/two-factor/two-factor-client.js';

const ADA = { email: 'ada@example.com', password: 'analytical engine' };

/** What belongs with every backup: the keys that sign the cookies and seal the authenticator secrets. */
const KEYS = {
  SESSION_KEYS: randomBytes(32).toString('base64url'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};

/** Runs a command to the end; `stdin` and `stdout` may be files. Rejects, with what it printed, unless it exits 0. */
function run(command: string, args: readonly string[], files: { stdin?: string; stdout?: string } = {}, env: Record<string, string> = {}) {
  const stdin = files.stdin === undefined ? 'ignore' : openSync(files.stdin, 'r');
  const stdout = files.stdout === undefined ? 'pipe' : openSync(files.stdout, 'w');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot(), env: { ...process.env, ...env }, stdio: [stdin, stdout, 'pipe'] });
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      for (const fd of [stdin, stdout]) if (typeof fd === 'number') closeSync(fd);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${printed}`));
    });
  });
}

/** True when every tool runs (`--version`). */
async function toolsRun(tools: readonly string[]): Promise<boolean> {
  const results = await Promise.all(tools.map((tool) => run(tool, ['--version']).then(() => true, () => false)));
  return results.every(Boolean);
}

async function stop(app: AppProcess | undefined): Promise<void> {
  if (app && app.child.exitCode === null) {
    app.child.kill('SIGTERM');
    await app.exited;
  }
}

/** How one database is backed up while the app runs, and restored into a fresh database. */
interface BackupMethod {
  /** DATABASE_URL of the database the app runs on first. */
  source(): Promise<string>;
  /** Writes the backup of `url` while the app runs on it. */
  backUp(url: string): Promise<void>;
  /** Restores the backup into a fresh database; resolves its DATABASE_URL. */
  restore(): Promise<string>;
}

/**
 * Ada signs up and turns the authenticator app on; the database is backed up while the
 * app runs, and restored into a fresh database, where the app starts with the same
 * keys: her session from before is still live, and she logs in again with her password
 * and a code of the authenticator whose secret the restored database holds, sealed.
 */
function restoresIntoAFreshDatabase(method: () => BackupMethod): void {
  const apps: AppProcess[] = [];
  after(async () => {
    await Promise.all(apps.map(stop));
  });

  it('restores a backup taken while the app runs: sessions, passwords and authenticator secrets come back', async function () {
    this.timeout(60_000);
    const backup = method();
    const first = await startApp({ DATABASE_URL: await backup.source(), ...KEYS });
    apps.push(first);
    const before = `http://127.0.0.1:${first.port}`;
    const ada = new CookieClient();
    expect((await ada.postForm(before, '/signup', ADA)).location).to.equal('/users/profile');
    expect((await ada.postForm(before, '/account/two-factor/setup', { sudoPassword: ADA.password })).status).to.equal(302);
    const secret = secretOnPage((await ada.get(before, '/account/two-factor')).text);
    expect((await ada.postForm(before, '/account/two-factor', { code: totpCode(secret, Date.now()) })).status).to.equal(200);

    await backup.backUp(await backup.source());
    await stop(first);
    const restored = await startApp({ DATABASE_URL: await backup.restore(), ...KEYS });
    apps.push(restored);
    const after = `http://127.0.0.1:${restored.port}`;

    const profile = await ada.get(after, '/users/profile');
    expect(profile.status).to.equal(200);
    expect(profile.text).to.include(ADA.email);
    const again = new CookieClient();
    expect((await again.postForm(after, '/login', ADA)).location).to.equal('/login/two-factor');
    // The next step's code: the one typed at set-up cannot be used twice, and one step ahead is allowed.
    const code = totpCode(secret, Date.now() + STEP_MS);
    expect((await again.postForm(after, '/login/two-factor', { code })).location).to.equal('/');
    expect((await again.get(after, '/users/profile')).status).to.equal(200);
  });
}

describe('backup and restore, as docs/operations.md says', () => {
  describe('SQLite, with VACUUM INTO', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'gatehouse-backup-'));
      mkdirSync(join(dir, 'live'));
      mkdirSync(join(dir, 'restored'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    restoresIntoAFreshDatabase(() => ({
      source: async () => `sqlite:${join(dir, 'live', 'gatehouse.sqlite')}`,
      backUp: async () => {
        // The image has no sqlite3 program: the app's own driver writes the copy, a consistent snapshot.
        const statement = `VACUUM INTO '${join(dir, 'backup.sqlite')}'`;
        const script = `require('better-sqlite3')(${JSON.stringify(join(dir, 'live', 'gatehouse.sqlite'))}, { readonly: true }).exec(${JSON.stringify(statement)})`;
        await run(process.execPath, ['-e', script]);
      },
      restore: async () => {
        copyFileSync(join(dir, 'backup.sqlite'), join(dir, 'restored', 'gatehouse.sqlite'));
        return `sqlite:${join(dir, 'restored', 'gatehouse.sqlite')}`;
      },
    }));
  });

  describe('PostgreSQL, with pg_dump and psql', () => {
    serverBackup(POSTGRES, ['pg_dump', 'psql'], {
      dump: (database, file) => run('pg_dump', ['--no-owner', '--no-privileges', database.url], { stdout: file }),
      load: (database, file) => run('psql', ['--quiet', '--single-transaction', '-v', 'ON_ERROR_STOP=1', database.url], { stdin: file }),
    });
  });

  describe('MySQL, with mysqldump and mysql', () => {
    const connection = (database: TestDatabase) => {
      const url = new URL(database.url);
      return {
        args: ['--host', url.hostname, '--port', url.port || '3306', '--user', decodeURIComponent(url.username)],
        env: { MYSQL_PWD: decodeURIComponent(url.password) },
        name: url.pathname.slice(1),
      };
    };
    serverBackup(MYSQL, ['mysqldump', 'mysql'], {
      dump: (database, file) => {
        const { args, env, name } = connection(database);
        return run('mysqldump', ['--single-transaction', '--no-tablespaces', ...args, name], { stdout: file }, env);
      },
      load: (database, file) => {
        const { args, env, name } = connection(database);
        return run('mysql', [...args, name], { stdin: file }, env);
      },
    });
  });
});

/** A server's backup through its own client tools: required under CI, else skipped with a notice when a tool or the server is missing. */
function serverBackup(
  server: TestSqlServer,
  tools: readonly string[],
  commands: {
    dump(database: TestDatabase, file: string): Promise<void>;
    load(database: TestDatabase, file: string): Promise<void>;
  },
): void {
  let dir: string;
  const databases: TestDatabase[] = [];
  before(async function () {
    await requireServer(this, `${server.name} with ${tools.join(' and ')}`, async () => (await toolsRun(tools)) && server.answers());
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-backup-'));
  });
  after(async () => {
    await Promise.all(databases.map((database) => database.drop()));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const file = () => join(dir, 'gatehouse.sql');
  let live: Promise<TestDatabase> | undefined;
  restoresIntoAFreshDatabase(() => ({
    source: async () => {
      live ??= server.createDatabase().then((database) => (databases.push(database), database));
      return (await live).url;
    },
    backUp: async () => commands.dump(await (live as Promise<TestDatabase>), file()),
    restore: async () => {
      const fresh = await server.createDatabase();
      databases.push(fresh);
      await commands.load(fresh, file());
      return fresh.url;
    },
  }));
}
