import { expect } from 'chai';
import supertest from 'supertest';
import { type AppProcess, startApp } from '../support/app-process.js';
import { requireServer } from '../support/servers.js';
import { SQL_SERVERS, type TestDatabase, type TestSqlServer } from '../support/sql-servers.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

const ADA = { email: 'ada@example.com', password: 'analytical engine' };

/**
 * Gives the enclosing `describe` the real app process on a database of its own on
 * `server`, reached through a TCP proxy the tests can cut or stall; all of it stopped after.
 */
function appBehindProxy(server: TestSqlServer): { app: () => AppProcess & { port: number }; proxy: () => TcpProxy } {
  let database: TestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let app: (AppProcess & { port: number }) | undefined;

  before(async function () {
    await requireServer(this, server.name, server.answers);
    database = await server.createDatabase();
    const { parsed } = database;
    if (parsed.client === 'sqlite') throw new Error('a server database was expected');
    proxy = await startTcpProxy({ host: parsed.host, port: parsed.port });
    const url = new URL(database.url);
    url.port = String(proxy.port);
    url.hostname = '127.0.0.1';
    app = await startApp({ DATABASE_URL: url.toString() });
  });

  after(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGKILL');
      await app.exited;
    }
    await proxy?.close();
    await database?.drop();
  });

  return {
    app: () => app ?? fail('the app is not running'),
    proxy: () => proxy ?? fail('the proxy is not running'),
  };
}

function fail(message: string): never {
  throw new Error(message);
}

for (const server of SQL_SERVERS) {
  describe(`a database outage (${server.name} behind a proxy the test cuts)`, () => {
    const { app, proxy } = appBehindProxy(server);

    it('answers 503 pages while the database is down and recovers without a restart', async () => {
      const client = supertest.agent(`http://127.0.0.1:${app().port}`);
      await client.post('/signup').type('form').send(ADA).expect(302).expect('Location', '/users/profile');
      await client.get('/users/profile').expect(200);
      await client.get('/readyz').expect(200);

      proxy().cut();

      const profile = await client.get('/users/profile').expect(503);
      expect(profile.text).to.include('temporarily unavailable');
      expect(profile.headers['retry-after']).to.equal('5');
      const signUp = await client
        .post('/signup')
        .type('form')
        .send({ email: 'grace@example.com', password: 'compiler-1952' })
        .expect(503);
      expect(signUp.text).to.include('temporarily unavailable');
      const ready = await client.get('/readyz').expect(503);
      expect(ready.body).to.deep.equal({ status: 'unavailable', checks: { database: 'unavailable' } });
      await client.get('/healthz').expect(200);
      // Sessions live in the database too: a visitor without one still gets the public page.
      await supertest(`http://127.0.0.1:${app().port}`).get('/').expect(200);
      expect(app().child.exitCode).to.equal(null);

      proxy().restore();

      await client.get('/readyz').expect(200);
      await client.get('/users/profile').expect(200);
      await client.get('/logout').expect(302);
      await client.post('/login').type('form').send(ADA).expect(302).expect('Location', '/');
      // The sign-up refused during the outage saved nothing: the email is still free.
      await client.get('/logout');
      await client
        .post('/signup')
        .type('form')
        .send({ email: 'grace@example.com', password: 'compiler-1952' })
        .expect('Location', '/users/profile');
      expect(app().lines.filter((line) => line.level === 'error' || line.level === 'fatal')).to.deep.equal([]);
    });
  });

  describe(`a database that stops answering (${server.name}: packets dropped, nothing closed)`, () => {
    const { app, proxy } = appBehindProxy(server);

    it('answers 503 after a bounded wait instead of hanging, and recovers', async () => {
      const client = supertest.agent(`http://127.0.0.1:${app().port}`);
      await client.post('/signup').type('form').send(ADA).expect(302).expect('Location', '/users/profile');

      proxy().stall();

      const profile = await client.get('/users/profile').expect(503);
      expect(profile.text).to.include('temporarily unavailable');
      await client.get('/readyz').expect(503);

      proxy().restore();

      await client.get('/users/profile').expect(200);
      await client.get('/readyz').expect(200);
    });
  });
}
