import { expect } from 'chai';
import supertest from 'supertest';
import { buildTestApp } from '../../support/test-app.js';

describe('form bodies', () => {
  for (const path of ['/login', '/signup']) {
    it(`answers an oversized POST ${path} with a 413 page and creates nothing`, async () => {
      const built = buildTestApp();
      const response = await supertest(built.app.callback())
        .post(path)
        .type('form')
        .send({ email: 'big@example.com', password: 'x'.repeat(32 * 1024) })
        .expect(413);

      expect(response.type).to.equal('text/html');
      expect(response.text).to.include('Request too large');
      expect(await built.users.list({ afterId: null, limit: 1 })).to.deep.equal([]);
    });

    it(`never reads a JSON POST ${path}: nobody is created or logged in`, async () => {
      const built = buildTestApp();
      await supertest(built.app.callback())
        .post('/signup')
        .type('form')
        .send({ email: 'json@example.com', password: 'password-1' });
      const before = await built.users.list({ afterId: null, limit: 10 });

      const response = await supertest(built.app.callback())
        .post(path)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ email: 'json@example.com', password: 'password-1', phone: 'x' }));

      expect(response.status).to.equal(415);
      expect(await built.users.list({ afterId: null, limit: 10 })).to.deep.equal(before);
    });
  }
});
