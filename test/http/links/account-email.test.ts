import { expect } from 'chai';
import { ADA, emailChangeLink, signUp, submit, tokenOf, withAda, accountMail } from '../../support/accounts/account-client.js';
import { browser, showsLoggedIn } from '../../support/test-app.js';

const NEW_EMAIL = 'lovelace@example.com';
const REQUESTED = (email: string) => `We sent a link to ${email}. Your email address changes when you open it.`;

/** Ada asks for NEW_EMAIL; resolves the path of the link queued to it. */
async function requestChange(built: Awaited<ReturnType<typeof withAda>>, email = NEW_EMAIL): Promise<string> {
  const answer = await submit(built.ada, '/account/email', { email, currentPassword: ADA.password });
  expect(answer.success).to.equal(REQUESTED(email));
  return emailChangeLink(built.account.outbox.queued, email);
}

describe('POST /account/email', () => {
  it('sends a link to the new address and changes nothing yet', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/email', { email: NEW_EMAIL, currentPassword: ADA.password });

    expect(answer.location).to.equal('/account');
    expect(answer.success).to.equal(REQUESTED(NEW_EMAIL));
    expect(accountMail(built)).to.have.length(1);
    expect(accountMail(built)[0]).to.include({ kind: 'email-change-confirmation', to: NEW_EMAIL });
    expect(answer.page).to.include(`<dd>${ADA.email}</dd>`);
  });

  it('answers an address another account has exactly as a free one, and sends nothing to it', async () => {
    const built = await withAda();
    await signUp(built, { email: 'grace@example.com', password: 'compiler-1952' });

    const taken = await submit(built.ada, '/account/email', { email: 'grace@example.com', currentPassword: ADA.password });
    const free = await submit(built.ada, '/account/email', { email: 'free@example.com', currentPassword: ADA.password });

    expect(taken.location).to.equal(free.location);
    expect(taken.success).to.equal(REQUESTED('grace@example.com'));
    expect(taken.page.replaceAll('grace@example.com', 'X')).to.equal(free.page.replaceAll('free@example.com', 'X'));
    expect(accountMail(built).map((mail) => mail.to)).to.deep.equal(['free@example.com']);
  });

  it('refuses a wrong current password, keeping the address typed', async () => {
    const built = await withAda();

    const answer = await submit(built.ada, '/account/email', { email: NEW_EMAIL, currentPassword: 'not-it' });

    expect(answer.failure).to.equal('Your current password is not correct.');
    expect(answer.page).to.include(`value="${NEW_EMAIL}"`);
    expect(answer.page).not.to.include('not-it');
    expect(accountMail(built)).to.deep.equal([]);
  });

  it('refuses a malformed address with the sign-up message, keeping what was typed', async () => {
    const built = await withAda();
    const answer = await submit(built.ada, '/account/email', { email: 'not an email', currentPassword: ADA.password });
    expect(answer.failure).to.equal('Please enter a valid email address.');
    expect(answer.page).to.include('value="not an email"');
  });

  it('says so when the address is already the account\'s', async () => {
    const built = await withAda();
    const answer = await submit(built.ada, '/account/email', { email: 'ADA@example.com', currentPassword: ADA.password });
    expect(answer.failure).to.equal('That is already your email address.');
  });
});

describe('GET /email/change', () => {
  it('shows the new address and a button that posts the token, changing nothing', async () => {
    const built = await withAda();
    const link = await requestChange(built);

    const page = await browser(built.app).get(link).expect(200);

    expect(page.text).to.include(`<strong>${NEW_EMAIL}</strong>`);
    expect(page.text).to.include('<form method="post" action="/email/change">');
    expect(page.text).to.include(`<input type="hidden" name="token" value="${tokenOf(link)}">`);
    expect(page.headers['referrer-policy']).to.equal('no-referrer');
    expect(page.headers['cache-control']).to.equal('no-store');
    expect((await built.users.findById(1))?.email.value).to.equal(ADA.email);
  });
});

describe('POST /email/change', () => {
  it('changes the email, verified, and sends a logged-in user back to /account', async () => {
    const built = await withAda();
    const link = await requestChange(built);

    const answer = await submit(built.ada, '/email/change', { token: tokenOf(link) });

    expect(answer.location).to.equal('/account');
    expect(answer.success).to.equal(`Your email address is now ${NEW_EMAIL}.`);
    expect(answer.response.headers['referrer-policy']).to.equal('no-referrer');
    expect(answer.response.headers['cache-control']).to.equal('no-store');
    const user = await built.users.findById(1);
    expect(user?.email.value).to.equal(NEW_EMAIL);
    expect(user?.emailVerified).to.equal(true);
    expect(answer.page).to.include(`<dd>${NEW_EMAIL}</dd>`);
  });

  it('tells the old address, naming the new one', async () => {
    const built = await withAda();
    const link = await requestChange(built);

    await submit(built.ada, '/email/change', { token: tokenOf(link) });

    expect(accountMail(built).at(-1)).to.deep.equal({ kind: 'email-changed', to: ADA.email, newEmail: NEW_EMAIL });
  });

  it('works from another browser with no session, and sends it to /login', async () => {
    const built = await withAda();
    const link = await requestChange(built);

    const answer = await submit(browser(built.app), '/email/change', { token: tokenOf(link) });

    expect(answer.location).to.equal('/login');
    expect(answer.success).to.equal(`Your email address is now ${NEW_EMAIL}.`);
    expect(showsLoggedIn(answer.page)).to.equal(false);
  });

  it('makes the new address the login: it logs in, the old one no longer does', async () => {
    const built = await withAda();
    await submit(built.ada, '/email/change', { token: tokenOf(await requestChange(built)) });

    const login = await submit(browser(built.app), '/login', { email: NEW_EMAIL, password: ADA.password });
    expect(login.location).to.equal('/');
    expect((await submit(browser(built.app), '/login', ADA)).failure).to.equal('Invalid email and/ or password.');
  });

  it('fails with a clear message when another account took the address after the link was sent', async () => {
    const built = await withAda();
    const link = await requestChange(built);
    await signUp(built, { email: NEW_EMAIL, password: 'someone-else-1' });

    const answer = await submit(built.ada, '/email/change', { token: tokenOf(link) });

    expect(answer.location).to.equal('/account');
    expect(answer.failure).to.equal(
      'That email address now belongs to another account, so your email address was not changed.',
    );
    expect((await built.users.findById(1))?.email.value).to.equal(ADA.email);
  });

  it('uses the link once: the same link again gives the invalid-link page', async () => {
    const built = await withAda();
    const link = await requestChange(built);
    await submit(built.ada, '/email/change', { token: tokenOf(link) });

    const again = await built.ada.post('/email/change').type('form').send({ token: tokenOf(link) }).expect(400);
    const page = await built.ada.get(link).expect(400);

    for (const response of [again, page]) {
      expect(response.text).to.include('This link does not work');
      expect(response.text).not.to.include('action="/email/change"');
    }
  });

  it('honours only the newest link of several requests', async () => {
    const built = await withAda();
    const first = await requestChange(built, 'first@example.com');
    const second = await requestChange(built, 'second@example.com');

    await built.ada.post('/email/change').type('form').send({ token: tokenOf(first) }).expect(400);
    await submit(built.ada, '/email/change', { token: tokenOf(second) });

    expect((await built.users.findById(1))?.email.value).to.equal('second@example.com');
  });
});
