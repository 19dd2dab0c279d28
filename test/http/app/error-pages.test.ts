import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { NewUser, User } from '../../../src/domain/shared/user.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { captureLog } from '../../support/captured-log.js';
import { browser, buildTestApp } from '../../support/test-app.js';

/** A repository whose `create` fails the way a bug or a dropped database would. */
class FailingUserRepository extends InMemoryUserRepository {
  constructor(private readonly failure: () => Error) {
    super();
  }

  override async create(_user: NewUser): Promise<User> {
    throw this.failure();
  }
}

function failingApp(failure: () => Error, production: boolean) {
  const log = captureLog();
  const { app } = buildTestApp({
    users: new FailingUserRepository(failure),
    options: { production, logger: log.logger },
  });
  return { app, log };
}

const bug = () => new TypeError("insert into `users` (`email`) values (?) - Cannot read properties of undefined");
const signUp = { email: 'ada@example.com', password: 'analytical engine' };

describe('error pages', () => {
  describe('an unexpected error in production', () => {
    it('answers a 500 page with the request id and no message, SQL or stack', async () => {
      const { app } = failingApp(bug, true);

      const response = await browser(app).post('/signup').type('form').send(signUp).expect(500);

      expect(response.type).to.equal('text/html');
      expect(response.text).to.include('Something went wrong');
      expect(response.text).to.include(response.headers['x-request-id']);
      expect(response.text).not.to.include('Cannot read properties');
      expect(response.text).not.to.include('insert into');
      expect(response.text).not.to.match(/at .*\.(js|ts):\d+/);
      expect(response.headers.location).to.equal(undefined);
    });

    it('logs the error once, with its stack and the request id', async () => {
      const { app, log } = failingApp(bug, true);

      const response = await browser(app).post('/signup').type('form').send(signUp);

      const errors = log.lines().filter((line) => line.level === 'error');
      expect(errors).to.have.length(1);
      const [line] = errors as [{ requestId: string; err: { stack: string; type: string } }];
      expect(line.requestId).to.equal(response.headers['x-request-id']);
      expect(line.err.type).to.equal('TypeError');
      expect(line.err.stack).to.include('FailingUserRepository');
    });
  });

  it('shows the message of an unexpected error outside production', async () => {
    const { app } = failingApp(bug, false);
    const response = await browser(app).post('/signup').type('form').send(signUp).expect(500);
    expect(response.text).to.include('Cannot read properties of undefined');
  });

  describe('an unreachable dependency', () => {
    const outage = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });

    it('answers a 503 "temporarily unavailable" page with Retry-After, and logs a warning', async () => {
      const { app, log } = failingApp(outage, true);

      const response = await browser(app).post('/signup').type('form').send(signUp).expect(503);

      expect(response.text).to.include('temporarily unavailable');
      expect(response.text).not.to.include('ECONNREFUSED');
      expect(response.headers['retry-after']).to.equal('5');
      expect(log.lines().filter((line) => line.level === 'error')).to.deep.equal([]);
      expect(log.lines().some((line) => line.msg === 'dependency unavailable' && line.level === 'warn')).to.equal(true);
    });
  });
});

/** Sends raw bytes, since HTTP clients re-encode bodies they are given as text. */
async function postRaw(
  app: ReturnType<typeof buildTestApp>['app'],
  path: string,
  headers: Record<string, string>,
  body: Buffer,
) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        { port, host: '127.0.0.1', method: 'POST', path, headers: { 'Content-Length': String(body.length), ...headers } },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  } finally {
    server.close();
  }
}

describe('malformed form bodies', () => {
  const form = 'application/x-www-form-urlencoded';
  const cases: [string, number, Record<string, string>, Buffer][] = [
    ['raw bytes that are not UTF-8', 400, { 'Content-Type': form }, Buffer.from('email=a%40b.c&password=pass\xff\xfe', 'latin1')],
    ['broken percent-encoding', 400, { 'Content-Type': form }, Buffer.from('email=a%40b.c&password=%E0%A4%A')],
    ['a lone percent sign', 400, { 'Content-Type': form }, Buffer.from('email=a%40b.c&password=100%')],
    ['an unknown charset', 415, { 'Content-Type': `${form}; charset=klingon` }, Buffer.from('email=a%40b.c')],
    ['a charset other than UTF-8', 415, { 'Content-Type': `${form}; charset=utf-16le` }, Buffer.from('email=a%40b.c')],
    ['a JSON body', 415, { 'Content-Type': 'application/json' }, Buffer.from('{"email":"a@b.c","password":"x"}')],
    ['a multipart body', 415, { 'Content-Type': 'multipart/form-data; boundary=x' }, Buffer.from('--x--')],
    ['no content type', 415, {}, Buffer.from('email=a%40b.c&password=analytical')],
    ['a corrupt gzip body', 400, { 'Content-Type': form, 'Content-Encoding': 'gzip' }, Buffer.from('not gzip')],
    ['an unknown content encoding', 415, { 'Content-Type': form, 'Content-Encoding': 'zstd2' }, Buffer.from('email=a')],
    ['a body over the size limit', 413, { 'Content-Type': form }, Buffer.from(`email=a%40b.c&password=${'x'.repeat(20_000)}`)],
  ];
  for (const path of ['/signup', '/login']) {
    for (const [label, status, headers, body] of cases) {
      it(`answers POST ${path} with ${label} with a ${status} page`, async () => {
        const built = buildTestApp();
        const response = await postRaw(built.app, path, headers, body);
        expect(response.status).to.equal(status);
        expect(response.text).to.include('<h1>');
        if (path === '/signup') expect(await built.users.list({ afterId: null, limit: 1 })).to.deep.equal([]);
      });
    }
  }

  it('still accepts a form with percent-encoded non-ASCII and a declared UTF-8 charset', async () => {
    const built = buildTestApp();
    const body = Buffer.from(`email=ada%40example.com&password=${encodeURIComponent('pässwörd-ünïcode')}`);
    const response = await postRaw(built.app, '/signup', { 'Content-Type': `${form}; charset=UTF-8` }, body);
    expect(response.status).to.equal(302);
    expect(await built.users.list({ afterId: null, limit: 1 })).to.have.length(1);
  });
});
