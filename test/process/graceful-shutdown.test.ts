import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startApp } from '../support/app-process.js';
import { openConnection, refusesConnections } from '../support/raw-http.js';
import { holdLoginOpen } from '../support/request-in-flight.js';

describe('graceful shutdown of the app process', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-shutdown-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}`,
    ...extra,
  });

  it('on SIGTERM stops accepting, finishes the request in flight and exits 0', async () => {
    const app = await startApp(env());
    const login = await holdLoginOpen(app.port);

    app.child.kill('SIGTERM');
    await app.waitForLine((line) => line.msg === 'shutting down');
    expect(await refusesConnections(app.port)).to.equal(true);
    login.finish();

    const response = await login.connection.closed;
    expect(response).to.match(/HTTP\/1\.1 302 Found/);
    expect(response).to.match(/Location: \/login/i);
    expect(response).to.match(/Connection: close/i);
    expect(await app.exited).to.equal(0);
  });

  it('on SIGINT closes idle keep-alive connections and exits 0', async () => {
    const app = await startApp(env());
    const connection = await openConnection(app.port);
    connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${app.port}\r\n\r\n`);
    await connection.waitFor(/"status":"ok"/);

    app.child.kill('SIGINT');

    await connection.closed;
    expect(await app.exited).to.equal(0);
  });

  it('cuts a request still running at SHUTDOWN_TIMEOUT_MS, and exits 1 to say so', async () => {
    const app = await startApp(env({ SHUTDOWN_TIMEOUT_MS: '200' }));
    const login = await holdLoginOpen(app.port);

    app.child.kill('SIGTERM');

    await login.connection.closed;
    expect(await app.exited).to.equal(1);
    expect(app.lines.some((line) => line.msg === 'requests still running at the deadline were cut')).to.equal(true);
  });
});
