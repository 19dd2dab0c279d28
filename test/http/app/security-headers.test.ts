import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { buildTestApp } from '../../support/test-app.js';

/** Starts the app on a real socket, so the headers are the ones Node really sends. */
async function serve(production: boolean) {
  const built = buildTestApp({ options: { production } });
  built.app.silent = true;
  const server = createServer(built.app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function directives(csp: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values.join(' '));
  }
  return map;
}

/** One response of each kind: a page, a redirect, a 404, a 403, a 405 and a 413. */
const requests: readonly { name: string; path: string; init?: RequestInit }[] = [
  { name: 'a page', path: '/' },
  { name: 'a redirect', path: '/admin' },
  { name: 'a 404 page', path: '/no-such-page' },
  { name: 'a 403 page', path: '/login', init: { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } } },
  { name: 'a 405 page', path: '/', init: { method: 'POST' } },
  {
    name: 'a 413 page',
    path: '/login',
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${'a'.repeat(64 * 1024)}`,
    },
  },
];

describe('security headers', () => {
  for (const production of [false, true]) {
    describe(production ? 'in production' : 'in development', () => {
      let app: Awaited<ReturnType<typeof serve>>;
      before(async () => {
        app = await serve(production);
      });
      after(() => app.close());

      for (const request of requests) {
        it(`are on ${request.name}`, async () => {
          const response = await fetch(app.base + request.path, { redirect: 'manual', ...request.init });
          const csp = directives(response.headers.get('content-security-policy'));

          expect(csp.get('default-src')).to.equal("'self'");
          expect(csp.get('frame-ancestors')).to.equal("'none'");
          expect(csp.get('object-src')).to.equal("'none'");
          expect(response.headers.get('content-security-policy')).not.to.include('unsafe-inline');
          expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
          expect(response.headers.get('referrer-policy')).to.equal('no-referrer');
          expect(response.headers.get('x-frame-options')).to.equal('DENY');
          expect(response.headers.has('x-powered-by')).to.equal(false);
          const hsts = response.headers.get('strict-transport-security');
          if (production) expect(hsts).to.match(/^max-age=31536000; includeSubDomains$/);
          else expect(hsts).to.equal(null);
        });
      }
    });
  }
});
