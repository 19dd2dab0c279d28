import { expect } from 'chai';
import { startHttpServer } from '../../../src/infrastructure/http-server.js';

describe('startHttpServer', () => {
  it('outlives a 60 s proxy keep-alive and keeps Node timeouts in their required order', async () => {
    const http = await startHttpServer((_req, res) => res.end('ok'), { host: '127.0.0.1', port: 0 });
    try {
      const { keepAliveTimeout, headersTimeout, requestTimeout } = http.server;
      expect(keepAliveTimeout).to.be.greaterThan(60_000);
      expect(headersTimeout).to.be.greaterThan(keepAliveTimeout);
      expect(requestTimeout).to.be.at.least(headersTimeout);
      expect(http.port).to.be.greaterThan(0);
    } finally {
      expect(await http.close(1000)).to.deep.equal({ forced: false });
    }
  });

  it('answers with Connection: close once closing, so clients reconnect elsewhere', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let received: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      received = resolve;
    });
    const http = await startHttpServer(
      (_req, res) => {
        received();
        void held.then(() => res.end('done'));
      },
      { host: '127.0.0.1', port: 0 },
    );
    const response = fetch(`http://127.0.0.1:${http.port}/`);
    await inHandler;
    const closed = http.close(5000);
    release();
    const answer = await response;
    expect(await answer.text()).to.equal('done');
    expect(answer.headers.get('connection')).to.equal('close');
    expect(await closed).to.deep.equal({ forced: false });
  });
});
