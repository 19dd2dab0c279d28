import { expect } from 'chai';
import supertest from 'supertest';
import { buildTestApp } from '../../support/test-app.js';

/** Methods Node's parser accepts that no route of the app takes. */
const UNROUTED = ['trace', 'propfind', 'proppatch', 'mkcol', 'copy', 'move', 'lock', 'unlock', 'search', 'purge'] as const;

describe('methods no route takes (TRACE, PROPFIND, …)', () => {
  it('answer TRACE / with a 405 page and Allow: HEAD, GET, not a 501 that blames the server', async () => {
    const response = await supertest(buildTestApp().app.callback()).trace('/').expect(405);

    expect(response.headers.allow).to.equal('HEAD, GET');
    expect(response.text).to.contain('Method not allowed');
  });

  it('answer PROPFIND /login 405 with the methods /login takes', async () => {
    const response = await supertest(buildTestApp().app.callback()).propfind('/login').expect(405);

    expect(response.headers.allow).to.equal('HEAD, GET, POST');
  });

  for (const method of UNROUTED) {
    it(`answer ${method.toUpperCase()} / 405 with Allow, as PUT is answered`, async () => {
      const response = await supertest(buildTestApp().app.callback())[method]('/').expect(405);

      expect(response.headers.allow).to.equal('HEAD, GET');
    });
  }

  it('answer a path no route has 404, as PUT and GET are answered there', async () => {
    const response = await supertest(buildTestApp().app.callback()).trace('/no/such/page').expect(404);

    expect(response.headers.allow).to.equal(undefined);
  });
});
