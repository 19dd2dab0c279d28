import { expect } from 'chai';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

type Form = Record<string, string>;

async function signUpFailure(
  body: string | Form,
): Promise<{ status: number; location: string | undefined; flash: string | null; userCount: number }> {
  const { app, users } = buildTestApp();
  const client = browser(app);
  const response = await client.post('/signup').type('form').send(body);
  const page = await client.get('/signup');
  const userCount = (await users.list({ afterId: null, limit: 10 })).length;
  return {
    status: response.status,
    location: response.headers.location,
    flash: flashOf(page.text, 'messageFailure'),
    userCount,
  };
}

describe('bad input', () => {
  describe('POST /signup', () => {
    const cases: [string, string | Form, string][] = [
      ['an empty form', '', 'Please enter a valid email address.'],
      ['a missing password', { email: 'a@example.com' }, 'Password must be at least 8 characters long.'],
      ['a malformed email', { email: 'not an email', password: 'password-1' }, 'Please enter a valid email address.'],
      [
        'an over-long email',
        { email: `${'a'.repeat(250)}@example.com`, password: 'password-1' },
        'Please enter a valid email address.',
      ],
      [
        'a seven-character password',
        { email: 'a@example.com', password: 'passwor' },
        'Password must be at least 8 characters long.',
      ],
      [
        'a password over 72 bytes',
        { email: 'a@example.com', password: 'é'.repeat(37) },
        'Password must be at most 72 bytes long (fewer when it uses non-Latin characters or emoji).',
      ],
      [
        'an over-long phone',
        { email: 'a@example.com', password: 'password-1', phone: '1'.repeat(33) },
        'Please enter a valid phone number of at most 32 characters, or leave it empty.',
      ],
      [
        'an email sent twice',
        'email=a@example.com&email=b@example.com&password=password-1',
        'Please fill in the form and try again.',
      ],
      [
        'a password sent as an object',
        'email=a@example.com&password[x]=password-1',
        'Please fill in the form and try again.',
      ],
      [
        'a phone sent as an array',
        'email=a@example.com&password=password-1&phone[]=1',
        'Please fill in the form and try again.',
      ],
    ];
    for (const [label, body, message] of cases) {
      it(`redirects to /signup with a clear message and creates nothing for ${label}`, async () => {
        const result = await signUpFailure(body);
        expect(result).to.deep.equal({ status: 302, location: '/signup', flash: message, userCount: 0 });
      });
    }

    it('accepts a password of exactly 8 characters and one of exactly 72 bytes', async () => {
      const { app, users } = buildTestApp();
      await browser(app)
        .post('/signup')
        .type('form')
        .send({ email: 'eight@example.com', password: 'k9#Lm2&q' })
        .expect(302);
      await browser(app)
        .post('/signup')
        .type('form')
        .send({ email: 'long@example.com', password: 'é'.repeat(36) })
        .expect(302);
      expect(await users.list({ afterId: null, limit: 10 })).to.have.length(2);
    });
  });

  describe('POST /login', () => {
    const cases: [string, string][] = [
      ['an empty form', ''],
      ['a missing password', 'email=a@example.com'],
      ['an email sent twice', 'email=a@example.com&email=b@example.com&password=password-1'],
      ['a password sent as an object', 'email=a@example.com&password[x]=password-1'],
      ['an over-long email', `email=${'a'.repeat(5000)}@example.com&password=password-1`],
    ];
    for (const [label, body] of cases) {
      it(`redirects to /login with "Invalid email and/ or password." for ${label}`, async () => {
        const client = browser(buildTestApp().app);
        const response = await client.post('/login').type('form').send(body).expect(302);
        expect(response.headers.location).to.equal('/login');
        const page = await client.get('/login');
        expect(flashOf(page.text, 'messageFailure')).to.equal('Invalid email and/ or password.');
        expect(page.text).not.to.include('Missing credentials');
      });
    }
  });

  describe('any request', () => {
    it('answers an unknown path with a 404 page', async () => {
      const response = await browser(buildTestApp().app).get('/no/such/page').expect(404);
      expect(response.text).to.include('Page not found');
    });

    it('answers an oversized form with 413 and no stack trace', async () => {
      const response = await browser(buildTestApp().app)
        .post('/signup')
        .type('form')
        .send({ email: 'a@example.com', password: 'x'.repeat(100_000) });
      expect(response.status).to.equal(413);
      expect(response.text).not.to.match(/at .*\.(js|ts):\d+/);
    });

    it('ignores a users page cursor that is not an id', async () => {
      const built = buildTestApp();
      const client = browser(built.app);
      await client.post('/signup').type('form').send({ email: 'boss@example.com', password: 'password-1' });
      await built.setUserAdmin.execute({ user: { email: 'boss@example.com' }, admin: true });
      for (const after of ['abc', '-1', '1e400', '0x10', '1.5']) {
        const page = await client.get('/users').query({ after }).expect(200);
        expect(page.text).to.include('boss@example.com');
      }
    });
  });
});
