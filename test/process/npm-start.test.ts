import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { projectRoot } from '../../src/infrastructure/project-root.js';
import { type AppProcess, watchProcess } from '../support/app-process.js';
import { BUILD_TIMEOUT_MS, buildOnce } from '../support/production-build.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  let dir: string;
  let npm: AppProcess | undefined;
  let appPid: number | undefined;

  before(async function () {
    this.timeout(BUILD_TIMEOUT_MS);
    await buildOnce();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-npm-start-'));
  });
  afterEach(() => {
    // An app left running by npm is this test's failure; it must not outlive the test.
    if (appPid !== undefined && isAlive(appPid)) process.kill(appPid, 'SIGKILL');
    if (npm?.child.exitCode === null) npm.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops the app it started when npm gets SIGTERM: the app shuts down, logs stopped last, and npm exits 0', async function () {
    // npm, its build check, then the app: over the default timeout on a busy machine.
    this.timeout(60_000);
    const child = spawn('npm', ['start'], {
      cwd: projectRoot(),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? dir,
        PORT: '0',
        DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`,
        SMTP_URL: `file:${join(dir, 'outbox')}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    npm = watchProcess(child);
    const listening = await npm.waitForLine((line) => line.msg === 'listening');
    appPid = Number(listening.pid);

    child.kill('SIGTERM');

    expect(await npm.exited).to.equal(0);
    const appLines = npm.lines.filter((line) => line.pid === appPid);
    expect(appLines.at(-1)?.msg).to.equal('stopped');
    expect(isAlive(appPid)).to.equal(false);
  });
});
