import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startApp } from '../support/app-process.js';
import { openConnection, refusesConnections } from '../support/raw-http.js';

const BODY = 'email=ada%40example.com&password=wrong-password';

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

  /** Sends a request's headers and half its body, and resolves once the app is handling it. */
  async function holdRequestOpen(port: number) {
    const connection = await openConnection(port);
    connection.socket.write(
      [
        'POST /login HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${BODY.length}`,
        // Node answers "100 Continue" as it hands the request to the app: proof it is in flight.
        'Expect: 100-continue',
        '',
        '',
      ].join('\r\n'),
    );
    await connection.waitFor(/100 Continue/);
    connection.socket.write(BODY.slice(0, 10));
    return connection;
  }

  it('on SIGTERM stops accepting, finishes the request in flight and exits 0', async () => {
    const app = await startApp(env());
    const connection = await holdRequestOpen(app.port);

    app.child.kill('SIGTERM');
    await app.waitForLine((line) => line.msg === 'shutting down');
    expect(await refusesConnections(app.port)).to.equal(true);
    connection.socket.write(BODY.slice(10));

    const response = await connection.closed;
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
    const connection = await holdRequestOpen(app.port);

    app.child.kill('SIGTERM');

    await connection.closed;
    expect(await app.exited).to.equal(1);
    expect(app.lines.some((line) => line.msg === 'requests still running at the deadline were cut')).to.equal(true);
  });
});
