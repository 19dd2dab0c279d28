import { expect } from 'chai';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import { mailIds } from '../../../src/infrastructure/mail/mail-ids.js';
import { ADA, signUp } from '../../support/accounts/account-client.js';
import { browser, buildTestApp, type TestApp } from '../../support/test-app.js';

async function queued(built: TestApp, kind: OutgoingMail['kind']): Promise<OutgoingMail[]> {
  return (await built.queuedMail()).filter((mail) => mail.kind === kind);
}

describe('the language of a mail its recipient asks for themself', () => {
  it('is the language of the request that asked, for a recipient who saved none', async () => {
    const built = buildTestApp();
    await signUp(built, ADA);

    await browser(built.app).post('/password/forgot').set('Accept-Language', 'de').type('form').send({ email: ADA.email }).expect(302);

    const [reset] = await queued(built, 'password-reset');
    expect(reset?.locale).to.equal('de');
    expect(reset).not.to.have.property('askedIn');
    const composed = built.get(mailIds.composer).compose(reset as OutgoingMail);
    expect(composed.subject).to.equal('Setzen Sie Ihr Gatehouse-Passwort zurück');
    expect(composed.html).to.include('<html lang="de">');
  });

  it("is the recipient's saved language over the one the request is read in", async () => {
    const built = buildTestApp();
    const ada = await signUp(built, ADA);
    await ada.post('/account/language').type('form').send({ locale: 'fr' }).expect(302);

    await browser(built.app).post('/password/forgot').set('Accept-Language', 'de').type('form').send({ email: ADA.email }).expect(302);

    expect((await queued(built, 'password-reset'))[0]?.locale).to.equal('fr');
  });

  it('is the language of the sign-up for its verification link, and DEFAULT_LOCALE for a request that states none', async () => {
    const built = buildTestApp();
    await browser(built.app).post('/signup').set('Accept-Language', 'fr-CA, de;q=0.5').type('form').send(ADA).expect(302);
    await browser(built.app).post('/signup').type('form').send({ ...ADA, email: 'bob@example.com' }).expect(302);

    const verifications = await queued(built, 'email-verification');
    expect(verifications.map((mail) => [mail.to, mail.locale])).to.deep.equal([
      [ADA.email, 'fr'],
      ['bob@example.com', 'en'],
    ]);
  });

  it('is the language the logged-in user reads in when they ask for the verification link again', async () => {
    const built = buildTestApp();
    const ada = await signUp(built, ADA);
    await ada.post('/locale').type('form').send({ locale: 'de', back: '/profile' }).expect(303);

    await ada.post('/email/verify/resend').type('form').send({}).expect(302);

    expect((await queued(built, 'email-verification')).map((mail) => mail.locale)).to.deep.equal(['en', 'de']);
  });

  it('is the language of the request for a login code and for the alert of a login from a new device', async () => {
    const built = buildTestApp({ emailCodeLogin: true });
    await signUp(built, ADA);

    await browser(built.app).post('/login/code/send').set('Accept-Language', 'es').type('form').send({ email: ADA.email }).expect(302);
    await browser(built.app).post('/login').set('Accept-Language', 'fr').set('User-Agent', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0').type('form').send(ADA).expect(302);

    expect((await queued(built, 'login-code')).map((mail) => mail.locale)).to.deep.equal(['es']);
    expect((await queued(built, 'new-device-login')).map((mail) => mail.locale)).to.deep.equal(['fr']);
  });

  it('is the language the user reads in for the confirmation sent to a new address', async () => {
    const built = buildTestApp();
    const ada = await signUp(built, ADA);
    await ada.post('/locale').type('form').send({ locale: 'de', back: '/account' }).expect(303);

    await ada.post('/account/email').type('form').send({ email: 'ada.lovelace@example.org', currentPassword: ADA.password }).expect(302);

    expect((await queued(built, 'email-change-confirmation')).map((mail) => [mail.to, mail.locale])).to.deep.equal([['ada.lovelace@example.org', 'de']]);
  });
});
