import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { type AppProcess, startApp } from '../support/app-process.js';
import { CookieClient } from '../support/cookie-client.js';

const ADA = { email: 'ada@example.com', password: 'analytical engine' };

/** GET over a new connection each time (no keep-alive), so the cluster may pick any worker. */
function getOnNewConnection(port: number, path: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers: { cookie } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('WEB_CONCURRENCY=2', () => {
  let dir: string;
  let app: AppProcess & { port: number };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-workers-'));
    // No SESSION_KEYS: the primary's generated key must reach both workers.
    app = await startApp({ DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`, WEB_CONCURRENCY: '2' });
    await app.waitForLine((line) => line.msg === 'listening' && line.pid !== app.lines.find((l) => l.msg === 'listening')?.pid);
  });
  after(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGKILL');
      await app.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts two workers on one port that share sessions, and stops them all on SIGTERM', async () => {
    const listening = app.lines.filter((line) => line.msg === 'listening');
    expect(new Set(listening.map((line) => line.pid)).size).to.equal(2);
    expect(new Set(listening.map((line) => line.port))).to.deep.equal(new Set([app.port]));

    const browser = new CookieClient();
    const base = `http://127.0.0.1:${app.port}`;
    expect((await browser.postForm(base, '/signup', ADA)).location).to.equal('/users/profile');
    const statuses = [];
    for (let n = 0; n < 12; n += 1) statuses.push(await getOnNewConnection(app.port, '/users/profile', browser.cookieHeader()));
    expect(statuses.every((status) => status === 200)).to.equal(true);
    // Access lines go out in batches (within a second): wait for one from each worker.
    const first = await app.waitForLine((line) => line.path === '/users/profile');
    const second = await app.waitForLine((line) => line.path === '/users/profile' && line.pid !== first.pid);
    expect(second.pid).to.be.a('number');

    app.child.kill('SIGTERM');
    expect(await app.exited).to.equal(0);
  });
});
