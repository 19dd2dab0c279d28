import { expect } from 'chai';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import { mailIds } from '../../../src/infrastructure/mail/mail-ids.js';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { WITH_PASSWORD, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryDatabase } from '../../support/app-backends.js';
import { localesDir } from '../../../src/infrastructure/shared/i18n/catalog-files.js';
import { loadTranslations } from '../../../src/infrastructure/shared/i18n/i18next-translations.js';
import { buildTestApp, type TestApp } from '../../support/test-app.js';

async function notices(built: TestApp): Promise<OutgoingMail[]> {
  return (await built.queuedMail()).filter((mail) => mail.kind === 'acted-on-by-admin');
}

describe("the language of a notice of an administrator's act", () => {
  onEveryDatabase((build) => {
    it("is fixed when it is queued: the recipient's saved language, never the administrator's", async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);
      await ada.post('/account/language').type('form').send({ locale: 'en' }).expect(302);
      await submit(root, '/users/2/lock', WITH_PASSWORD);
      expect(await notices(built)).to.deep.equal([{ kind: 'acted-on-by-admin', to: ADA.email, act: 'locked', by: 'administrator', locale: 'en' }]);
    });

    it('carries no language for a recipient who chose none: it is written in DEFAULT_LOCALE', async () => {
      const built = await build();
      const { root } = await rootAndAda(built);
      await submit(root, '/users/2/lock', WITH_PASSWORD);
      expect((await notices(built))[0]?.locale).to.equal(undefined);
    });
  });

  it("arrives in the recipient's language although the administrator reads another", async () => {
    const built = buildTestApp();
    const { root, ada } = await rootAndAda(built);
    await ada.post('/account/language').type('form').send({ locale: 'de' }).expect(302);
    await root.post('/account/language').type('form').send({ locale: 'fr' }).expect(302);
    await submit(root, '/users/2/lock', WITH_PASSWORD);
    const [notice] = await notices(built);
    expect(notice?.locale).to.equal('de');
    const composed = built.get(mailIds.composer).compose(notice as OutgoingMail);
    expect(composed.subject).to.equal('Ihr Gatehouse-Konto wurde gesperrt');
    expect(composed.html).to.include('<html lang="de">');
    expect(composed.text).to.include('Ein Administrator hat das Gatehouse-Konto für ada@example.com gesperrt:');
  });

  describe('with an administrator whose browser reads French', () => {
    async function lockAda(built: TestApp, savedByAda?: string): Promise<OutgoingMail | undefined> {
      const { root, ada } = await rootAndAda(built);
      if (savedByAda !== undefined) await ada.post('/account/language').type('form').send({ locale: savedByAda }).expect(302);
      await root.post('/users/2/lock').set('Accept-Language', 'fr').type('form').send(WITH_PASSWORD).expect(302);
      return (await notices(built))[0];
    }

    it("arrives in the recipient's saved language", async () => {
      const built = buildTestApp();
      const notice = await lockAda(built, 'de');
      expect(notice?.locale).to.equal('de');
      expect(built.get(mailIds.composer).compose(notice as OutgoingMail).subject).to.equal('Ihr Gatehouse-Konto wurde gesperrt');
    });

    it('arrives in DEFAULT_LOCALE for a recipient who saved none, never in French', async () => {
      const built = buildTestApp({ translations: loadTranslations(localesDir(), 'de') });
      const notice = await lockAda(built);
      expect(notice?.locale).to.equal(undefined);
      expect(built.get(mailIds.composer).compose(notice as OutgoingMail).subject).to.equal('Ihr Gatehouse-Konto wurde gesperrt');
    });
  });
});
