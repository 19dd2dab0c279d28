import { expect } from 'chai';
import { startHttpServer } from '../../../src/infrastructure/http-server.js';
import { deferred } from '../../support/deferred.js';

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
    const held = deferred();
    const inHandler = deferred();
    const http = await startHttpServer(
      (_req, res) => {
        inHandler.resolve();
        void held.promise.then(() => res.end('done'));
      },
      { host: '127.0.0.1', port: 0 },
    );
    const response = fetch(`http://127.0.0.1:${http.port}/`);
    await inHandler.promise;
    const closed = http.close(5000);
    held.resolve();
    const answer = await response;
    expect(await answer.text()).to.equal('done');
    expect(answer.headers.get('connection')).to.equal('close');
    expect(await closed).to.deep.equal({ forced: false });
  });
});
