import { expect } from 'chai';
import { ADA, emailChangeLink, logIn, submit, tokenOf, withAda } from '../../support/accounts/account-client.js';
import { TEST_EMAIL_LINK_TTL_MS } from '../../support/account-settings.js';
import { browser } from '../../support/test-app.js';
import { ManualClock } from '../../support/throttle.js';

const UNREADABLE = 'Please fill in the form and try again.';
const MISSING = 'Please enter your current password.';
const WRONG = 'Your current password is not correct.';
const INVALID_LINK = 'This link does not work';
const INVALID_PHONE = 'Please enter a valid phone number of at most 32 characters, or leave it empty.';
const NOT_CONFIRMED = 'Please tick the box to confirm that you want to delete your account.';
const THROTTLED = 'Too many failed login attempts. Please try again in 15 minutes.';

describe('bad input on the account forms', () => {
  const cases: [string, string, string][] = [
    ['/account/password', '', MISSING],
    ['/account/password', `currentPassword=${'x'.repeat(10_000)}&password=difference-engine`, WRONG],
    ['/account/password', 'currentPassword[]=a&password=difference-engine', UNREADABLE],
    ['/account/password', 'currentPassword=a&currentPassword=b&password=difference-engine', UNREADABLE],
    ['/account/email', '', 'Please enter a valid email address.'],
    ['/account/email', 'email=new@example.com', MISSING],
    ['/account/email', `email=${'a'.repeat(5_000)}@example.com&currentPassword=x`, 'Please enter a valid email address.'],
    ['/account/email', 'email[x]=new@example.com&currentPassword=x', UNREADABLE],
    ['/account/phone', '', MISSING],
    ['/account/phone', `phone=${'1'.repeat(5_000)}&currentPassword=x`, INVALID_PHONE],
    ['/account/phone', 'phone=1&phone=2&currentPassword=x', UNREADABLE],
    ['/account/delete', '', MISSING],
    ['/account/delete', 'confirm=yes', MISSING],
    ['/account/delete', 'confirm=on&currentPassword=x', NOT_CONFIRMED],
    ['/account/delete', 'confirm[]=yes&currentPassword=x', UNREADABLE],
  ];
  for (const [path, body, message] of cases) {
    it(`answers POST ${path} with ${JSON.stringify(body.slice(0, 40))} by "${message}"`, async () => {
      const built = await withAda();
      const answer = await submit(built.ada, path, body);
      expect(answer.location).to.equal('/account');
      expect(answer.failure).to.equal(message);
      expect(await built.users.findById(1)).to.include({ phone: ADA.phone });
    });
  }

  it('answers a form body over the size limit with a 413 page, not a 500', async () => {
    const { ada } = await withAda();
    const response = await ada.post('/account/phone').type('form').send(`phone=1&currentPassword=${'x'.repeat(20_000)}`);
    expect(response.status).to.equal(413);
    expect(response.text).to.include('The form was too large to handle.');
  });

  it('counts a wrong current password as a failed login, and gives the throttle\'s answer when it is reached', async () => {
    const built = await withAda({ throttle: { loginFailuresPerEmail: 2 } });
    for (const path of ['/account/phone', '/account/email']) {
      const answer = await submit(built.ada, path, { phone: '', email: 'n@example.com', currentPassword: 'guess' });
      expect(answer.failure).to.equal(WRONG);
    }

    const right = await submit(built.ada, '/account/phone', { phone: '', currentPassword: ADA.password });
    const login = await submit(browser(built.app), '/login', ADA);

    expect(right.failure).to.equal(THROTTLED);
    expect(login.failure).to.equal(THROTTLED);
    expect((await built.users.findById(1))?.phone).to.equal(ADA.phone);
  });

  it('lets failed logins of the email throttle the account forms too', async () => {
    const built = await withAda({ throttle: { loginFailuresPerEmail: 2 } });
    for (let n = 0; n < 2; n += 1) await submit(browser(built.app), '/login', { email: ADA.email, password: `guess-${n}` });

    const answer = await submit(built.ada, '/account/delete', { currentPassword: ADA.password, confirm: 'yes' });

    expect(answer.failure).to.equal(THROTTLED);
    expect(await built.users.findById(1)).to.not.equal(null);
  });
});

describe('bad email-change links', () => {
  const queries = [
    '',
    '?token=',
    `?token=${'a'.repeat(42)}`,
    `?token=${'a'.repeat(44)}`,
    `?token=${'a'.repeat(10_000)}`,
    `?token=${'a'.repeat(43)}&token=${'b'.repeat(43)}`,
    `?token[x]=${'a'.repeat(43)}`,
    `?token=${'a'.repeat(41)}%C3%A9`,
    `?token=${'a'.repeat(41)}%E9%ZZ`,
    `?token=${'a'.repeat(43)}`,
  ];
  for (const query of queries) {
    it(`answers GET /email/change${query.slice(0, 40)} with the invalid-link page, private`, async () => {
      const { app } = await withAda();
      const response = await browser(app).get(`/email/change${query}`).expect(400);
      expect(response.text).to.include(INVALID_LINK);
      expect(response.text).not.to.include('action="/email/change"');
      expect(response.headers['referrer-policy']).to.equal('no-referrer');
      expect(response.headers['cache-control']).to.equal('no-store');
    });
  }

  const bodies = [
    '',
    `token=${'a'.repeat(42)}`,
    `token=${'a'.repeat(43)}&token=${'b'.repeat(43)}`,
    `token[x]=${'a'.repeat(43)}`,
    `token=${'a'.repeat(41)}%C3%A9`,
    `token=${'a'.repeat(43)}`,
  ];
  for (const body of bodies) {
    it(`answers POST /email/change with ${JSON.stringify(body.slice(0, 30))} by the invalid-link page`, async () => {
      const built = await withAda();
      const response = await built.ada.post('/email/change').type('form').send(body).expect(400);
      expect(response.text).to.include(INVALID_LINK);
      expect(response.headers['referrer-policy']).to.equal('no-referrer');
      expect((await built.users.findById(1))?.email.value).to.equal(ADA.email);
    });
  }

  it('answers an expired link with the invalid-link page', async () => {
    const clock = new ManualClock();
    const built = await withAda({ clock });
    await submit(built.ada, '/account/email', { email: 'new@example.com', currentPassword: ADA.password });
    const link = emailChangeLink(built.account.outbox.queued, 'new@example.com');
    clock.advance(TEST_EMAIL_LINK_TTL_MS);

    await browser(built.app).get(link).expect(400);
    await built.ada.post('/email/change').type('form').send({ token: tokenOf(link) }).expect(400);
    expect((await built.users.findById(1))?.email.value).to.equal(ADA.email);
  });

  it('answers a link of a deleted account with the invalid-link page', async () => {
    const built = await withAda();
    await submit(built.ada, '/account/email', { email: 'new@example.com', currentPassword: ADA.password });
    const link = emailChangeLink(built.account.outbox.queued, 'new@example.com');
    await submit(await logIn(built, ADA), '/account/delete', { currentPassword: ADA.password, confirm: 'yes' });

    const anonymous = browser(built.app);
    const response = await anonymous.post('/email/change').type('form').send({ token: tokenOf(link) }).expect(400);
    expect(response.text).to.include(INVALID_LINK);
  });
});
