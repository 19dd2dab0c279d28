import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { type AppProcess, startApp, startProcess } from '../support/app-process.js';

describe('the app process log at a clean exit', () => {
  let dir: string;
  let apps: AppProcess[];
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-log-exit-'));
    apps = [];
  });
  afterEach(() => {
    // A process that never exits fails its test by the timeout; it must not outlive the run.
    for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  const started = <T extends AppProcess>(app: T): T => {
    apps.push(app);
    return app;
  };

  // A data key of its own, so that the only warning before "could not start" is the session key's.
  const env = () => ({ DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`, DATA_ENCRYPTION_KEY: 'a'.repeat(64) });

  /** The `msg` of every line the process wrote, in order. */
  const messages = (app: AppProcess) => app.lines.map((line) => line.msg);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`holds the last access line and ends with "stopped" after ${signal}`, async () => {
      const app = started(await startApp(env()));
      const response = await fetch(`http://127.0.0.1:${app.port}/login?last=1`);
      expect(response.status).to.equal(200);

      app.child.kill(signal);

      expect(await app.exited).to.equal(0);
      const access = app.lines.filter((line) => line.msg === 'request');
      expect(access.at(-1)).to.include({ method: 'GET', path: '/login', status: 200 });
      expect(messages(app).at(-1)).to.equal('stopped');
    });
  }

  it('exits at SIGTERM when whoever read its log has gone', async () => {
    const app = started(await startApp(env()));
    // The reading end closes: every later write to the log fails with EPIPE.
    app.child.stdout?.destroy();
    expect((await fetch(`http://127.0.0.1:${app.port}/login`)).status).to.equal(200);

    app.child.kill('SIGTERM');

    expect(await app.exited).to.equal(0);
  });

  it('holds every line written before a failed start, ending with "could not start"', async () => {
    // An address this machine does not have (TEST-NET-3): the listen fails after the migrations ran.
    const app = started(startProcess('main.ts', { ...env(), HOST: '203.0.113.1', PORT: '0' }));

    expect(await app.exited).to.equal(1);
    expect(messages(app)).to.deep.equal([
      'SESSION_KEYS is not set: using a random key, so sessions end when the process restarts',
      'could not start',
    ]);
  });
});
