import { createServer, IncomingMessage, type Server, ServerResponse } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { expect } from 'chai';
import { type CapturedLog, captureLog } from '../../support/captured-log.js';
import { openConnection, type RawConnection } from '../../support/raw-http.js';
import { buildTestApp } from '../../support/test-app.js';

/** The head of a login form post announcing a body of 100 bytes. */
const HEAD_OF_A_LONG_BODY =
  'POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
  'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n';

describe('a client that hangs up in the middle of a body', () => {
  let server: Server;
  let log: CapturedLog;
  let connection: RawConnection;

  beforeEach(async () => {
    log = captureLog();
    server = createServer(buildTestApp({ options: { logger: log.logger } }).app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const received = new Promise((resolve) => server.once('request', resolve));
    connection = await openConnection((server.address() as AddressInfo).port);
    connection.socket.write(`${HEAD_OF_A_LONG_BODY}email=ada%40example.com&pass`);
    await received;
  });

  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /**
   * Resolves with every line once the app is done with the request (its access line
   * is written) and koa has reported the broken connection, whichever comes last.
   */
  async function linesOnceReported(): Promise<Record<string, unknown>[]> {
    const reported = (line: Record<string, unknown>) => line.msg === 'client aborted' || line.msg === 'response failed';
    for (;;) {
      const lines = log.lines();
      if (lines.some((line) => line.msg === 'request') && lines.some(reported)) return lines;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  for (const [how, hangUp] of [
    ['closing its side (FIN)', (socket: RawConnection['socket']) => socket.end()],
    ['resetting the connection', (socket: RawConnection['socket']) => socket.resetAndDestroy()],
  ] as const) {
    it(`by ${how} is logged at debug without a stack, and no error line is written`, async () => {
      hangUp(connection.socket);

      const lines = await linesOnceReported();

      expect(lines.filter((line) => line.level === 'error' || line.level === 'fatal')).to.deep.equal([]);
      const aborted = lines.find((line) => line.msg === 'client aborted');
      expect(aborted).to.include({ level: 'debug' });
      expect(JSON.stringify(aborted)).not.to.include('stack');
    });
  }
});

describe("koa's error event for a request that arrived whole", () => {
  it('is still logged as an error, with its stack', () => {
    const log = captureLog();
    const { app } = buildTestApp({ options: { logger: log.logger } });
    const request = new IncomingMessage(new Socket());
    request.complete = true;
    const ctx = app.createContext(request, new ServerResponse(request));

    app.emit('error', new Error('the response stream broke'), ctx);

    const [line] = log.lines();
    expect(line).to.include({ level: 'error', msg: 'response failed' });
    expect(JSON.stringify(line)).to.include('the response stream broke').and.to.include('stack');
  });
});
