import { expect } from 'chai';
import { ADA, submit, withAda, accountMail } from '../../support/accounts/account-client.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

const FORMS = ['/account/password', '/account/email', '/account/phone', '/account/delete'];

/** Valid values for every field of the four forms but the current password. */
const EVERY_FIELD = { password: 'difference-engine', email: 'new@example.com', phone: '', confirm: 'yes' };

/** The names of the fields of the form posting to `action`. */
function fieldsOf(html: string, action: string): string[] {
  const form = new RegExp(`<form method="post" action="${action}">(.*?)</form>`).exec(html)?.[1] ?? '';
  return [...form.matchAll(/<input [^>]*name="([^"]+)"/g)].map((match) => match[1] ?? '');
}

describe('GET /account', () => {
  it('sends an anonymous visitor to /login with "Must be logged in"', async () => {
    const client = browser(buildTestApp().app);
    const response = await client.get('/account').expect(302);
    expect(response.headers.location).to.equal('/login');
    expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal('Must be logged in');
  });

  it('shows the email, whether it is verified, and the phone', async () => {
    const { ada } = await withAda();
    const page = await ada.get('/account').expect(200);
    expect(page.text).to.include('<dt>Email</dt><dd>ada@example.com</dd>');
    expect(page.text).to.include('<dt>Email verified</dt><dd>Not yet</dd>');
    expect(page.text).to.include(`<dt>Phone</dt><dd>${ADA.phone}</dd>`);
  });

  it('has the four forms with exactly their fields', async () => {
    const { ada } = await withAda();
    const page = (await ada.get('/account').expect(200)).text;
    expect(fieldsOf(page, '/account/password')).to.deep.equal(['currentPassword', 'password']);
    expect(fieldsOf(page, '/account/email')).to.deep.equal(['email', 'currentPassword']);
    expect(fieldsOf(page, '/account/phone')).to.deep.equal(['phone', 'currentPassword']);
    expect(fieldsOf(page, '/account/delete')).to.deep.equal(['currentPassword', 'confirm']);
    expect(page).to.include('<input id="delete-confirm" type="checkbox" name="confirm" value="yes" required>');
    expect(page).to.include('<label for="password-current">Current password</label>');
    expect(page).to.include('<label for="password">New password</label>');
    expect(page).to.include('<label for="new-email">New email</label>');
  });

  it('is linked from the navigation and the profile when logged in, and marked current there', async () => {
    const { ada } = await withAda();
    expect((await ada.get('/').expect(200)).text).to.include('<a href="/account">Account</a>');
    expect((await ada.get('/users/profile').expect(200)).text).to.include('<a href="/account">account settings</a>');
    expect((await ada.get('/account').expect(200)).text).to.include('<a href="/account" aria-current="page">Account</a>');
  });

  it('is not linked for an anonymous visitor', async () => {
    const page = await browser(buildTestApp().app).get('/').expect(200);
    expect(page.text).not.to.include('href="/account"');
  });
});

describe('the account forms', () => {
  for (const path of FORMS) {
    it(`send an anonymous POST ${path} to /login with "Must be logged in"`, async () => {
      const client = browser(buildTestApp().app);
      const answer = await submit(client, path, { currentPassword: 'x', confirm: 'yes' });
      expect(answer.location).to.equal('/login');
      expect(answer.failure).to.equal('Must be logged in');
    });

    it(`answer GET ${path} with 405 and Allow: POST once past the gate`, async () => {
      const { ada } = await withAda();
      const response = await ada.get(path).expect(405);
      expect(response.headers.allow).to.equal('POST');
    });

    it(`refuse POST ${path} from another site with 403, changing nothing`, async () => {
      const built = await withAda();
      await built.ada
        .post(path)
        .set('Sec-Fetch-Site', 'cross-site')
        .type('form')
        .send({ ...EVERY_FIELD, currentPassword: ADA.password })
        .expect(403);
      const user = await built.users.findById(1);
      expect(user?.phone).to.equal(ADA.phone);
      expect(accountMail(built)).to.deep.equal([]);
    });
  }
});

describe('the account pages of an account deleted while its session lived', () => {
  for (const [method, path] of [
    ['get', '/account'],
    ['post', '/account/password'],
    ['post', '/account/phone'],
    ['post', '/account/email'],
    ['post', '/account/delete'],
  ] as const) {
    it(`end the session on ${method.toUpperCase()} ${path} and send the visitor to /login`, async () => {
      const built = await withAda();
      await built.users.delete(1);

      const answer =
        method === 'get'
          ? await built.ada.get(path)
          : await built.ada.post(path).type('form').send({ ...EVERY_FIELD, currentPassword: ADA.password });

      expect(answer.headers.location).to.equal('/login');
      const page = await built.ada.get('/login');
      expect(flashOf(page.text, 'messageFailure')).to.equal('Must be logged in');
      expect((await built.ada.get('/account')).headers.location).to.equal('/login');
    });
  }
});
