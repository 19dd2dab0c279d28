import { expect } from 'chai';
import { LOCALE_COOKIE } from '../../../src/web/shared/locale.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

/** The `<html lang>` of a page. */
function langOf(html: string): string | null {
  return /<html lang="([^"]*)">/.exec(html)?.[1] ?? null;
}

describe('the language of a page', () => {
  // The real catalogs of locales/: German and French as their translators wrote them.
  const app = () => buildTestApp().app;

  it('is English for a request that states no preference (no Accept-Language)', async () => {
    const page = await browser(app()).get('/').expect(200);
    expect(langOf(page.text)).to.equal('en');
    expect(page.text).to.include('<h1>Welcome to Gatehouse</h1>');
  });

  it('is English for Accept-Language: *', async () => {
    expect(langOf((await browser(app()).get('/').set('Accept-Language', '*')).text)).to.equal('en');
  });

  it('is English for languages it does not have', async () => {
    expect(langOf((await browser(app()).get('/').set('Accept-Language', 'ja, zh;q=0.8')).text)).to.equal('en');
  });

  it('follows Accept-Language by its q-values, a regional variant matching its language', async () => {
    const page = await browser(app()).get('/').set('Accept-Language', 'fr-CA;q=0.5, de-AT;q=0.9, en;q=0.1');
    expect(langOf(page.text)).to.equal('de');
    expect(page.text).to.include('<h1>Willkommen bei Gatehouse</h1>');
  });

  it('follows the footer switcher over Accept-Language, for the next pages of that browser', async () => {
    const client = browser(app());
    const answer = await client.post('/locale').type('form').send({ locale: 'fr', back: '/login' }).expect(303);
    expect(answer.headers.location).to.equal('/login');
    const page = await client.get('/login').set('Accept-Language', 'de');
    expect(langOf(page.text)).to.equal('fr');
    expect(page.text).to.include('<option value="fr" lang="fr" selected>Français</option>');
  });

  it('offers the switcher in the footer, a plain form with every language named in itself', async () => {
    const page = await browser(app()).get('/signup').expect(200);
    expect(page.text).to.include('<form class="language-switch" method="post" action="/locale">');
    expect(page.text).to.include('<input type="hidden" name="back" value="/signup">');
    expect(page.text).to.include('<option value="en" lang="en" selected>English</option>');
    expect(page.text).to.include('<option value="de" lang="de">Deutsch</option>');
    expect(page.text).to.include('<option value="es" lang="es">Español</option>');
    expect(page.text).to.include('<option value="fr" lang="fr">Français</option>');
  });

  it('refuses an unknown language with a 400 page and keeps no cookie', async () => {
    const answer = await browser(app()).post('/locale').type('form').send({ locale: 'xx', back: '/' }).expect(400);
    expect(String(answer.headers['set-cookie'] ?? '')).not.to.include(LOCALE_COOKIE);
  });

  it('sends the visitor back only to a page of this site', async () => {
    for (const back of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const answer = await browser(app()).post('/locale').type('form').send({ locale: 'de', back }).expect(303);
      expect(answer.headers.location, back).to.equal('/');
    }
  });

  it('answers 405 to a GET of the switcher', async () => {
    await browser(app()).get('/locale').expect(405);
  });

  it('refuses a switch posted from another site, as every form', async () => {
    await browser(app()).post('/locale').set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site').type('form').send({ locale: 'de' }).expect(403);
  });

  it('puts the SPEC messages into the words of the page that sets them, English byte for byte', async () => {
    const client = browser(app());
    await client.get('/users/profile').expect(302);
    expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal('Must be logged in');
    const german = browser(app());
    await german.get('/users/profile').set('Accept-Language', 'de').expect(302);
    expect(flashOf((await german.get('/login').set('Accept-Language', 'de')).text, 'messageFailure')).to.equal('Anmeldung erforderlich');
  });

  describe('a logged-in user\'s saved language (/account)', () => {
    async function member(built: ReturnType<typeof buildTestApp>, email: string) {
      const client = browser(built.app);
      await client.post('/signup').type('form').send({ email, password: 'password-1' }).expect(302);
      return client;
    }

    it('beats the switcher\'s cookie and Accept-Language, and is answered in at once', async () => {
      const built = buildTestApp();
      const ada = await member(built, 'ada@example.com');
      await ada.post('/locale').type('form').send({ locale: 'fr', back: '/' }).expect(303);
      await ada.post('/account/language').type('form').send({ locale: 'de' }).expect(302);
      const page = await ada.get('/account').set('Accept-Language', 'fr');
      expect(langOf(page.text)).to.equal('de');
      expect(flashOf(page.text, 'messageSuccess')).to.equal('Ihre Sprache wurde geändert.');
      expect(page.text).to.include('<option value="de" lang="de" selected>');
    });

    it('is saved with the account and applied at the next login, in another browser', async () => {
      const built = buildTestApp();
      const ada = await member(built, 'ada@example.com');
      await ada.post('/account/language').type('form').send({ locale: 'fr' }).expect(302);
      const other = browser(built.app);
      await other.post('/login').type('form').send({ email: 'ada@example.com', password: 'password-1' }).set('Accept-Language', 'de').expect(302);
      const page = await other.get('/').set('Accept-Language', 'de');
      expect(langOf(page.text)).to.equal('fr');
      expect(flashOf(page.text, 'messageSuccess')).to.equal('Connexion réussie.');
    });

    it('refuses a language that is not present and changes nothing', async () => {
      const built = buildTestApp();
      const ada = await member(built, 'ada@example.com');
      await ada.post('/account/language').type('form').send({ locale: 'xx' }).expect(302);
      const page = await ada.get('/account');
      expect(langOf(page.text)).to.equal('en');
      expect(flashOf(page.text, 'messageFailure')).to.equal('There is no such language, so nothing was changed.');
    });

    it('is behind loginRequired, as every account form', async () => {
      const answer = await browser(app()).post('/account/language').type('form').send({ locale: 'de' }).expect(302);
      expect(answer.headers.location).to.equal('/login');
    });
  });
});
