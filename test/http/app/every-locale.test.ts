import { expect } from 'chai';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import { localesDir } from '../../../src/infrastructure/shared/i18n/catalog-files.js';
import { loadTranslations } from '../../../src/infrastructure/shared/i18n/i18next-translations.js';
import { PugMailComposer } from '../../../src/infrastructure/mail/pug-mail-composer.js';
import { projectRoot } from '../../../src/infrastructure/project-root.js';
import { LOCALE_COOKIE } from '../../../src/web/shared/locale.js';
import { join } from 'node:path';
import { rootAndAda } from '../../support/administration/admin-client.js';
import { browser, buildTestApp } from '../../support/test-app.js';
import { entriesOf, LOCALES } from '../../support/i18n/catalog-keys.js';

/** Every catalog key, as i18next gives back a key it cannot find: a page or mail that shows one is missing words. */
const KEYS = [...entriesOf('en').keys()].map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''));

function leakedKeys(text: string): string[] {
  return KEYS.filter((key) => text.includes(key) || (key.startsWith('shared:') && text.includes(`>${key.slice(7)}<`)));
}

/** The pages an anonymous visitor, a member and an administrator open, each once. */
const ANONYMOUS = ['/', '/login', '/signup', '/password/forgot', '/no/such/page'];
const MEMBER = ['/special', '/users/profile', '/account', '/account/sessions', '/account/two-factor', '/account/passkeys', '/account/activity', '/account/data'];
const ADMIN = ['/admin', '/users', '/users/2', '/users/2/delete', '/admin/audit'];

/** One message of each kind, with values that need escaping. */
const MAILS: readonly OutgoingMail[] = [
  { kind: 'password-reset', to: 'a&b@example.com', link: 'https://a.example/r?token=x&y', expiresInMinutes: 60 },
  { kind: 'password-changed', to: 'ada@example.com', secondFactors: { kind: 'removed', factors: { authenticatorApp: true, passkeyNames: ['<Laptop>'], recoveryCodes: 2 } } },
  { kind: 'password-changed', to: 'ada@example.com', secondFactors: { kind: 'kept', factors: { authenticatorApp: false, passkeyNames: [], recoveryCodes: 1 } } },
  { kind: 'login-code', to: 'ada@example.com', code: '01234567', expiresInMinutes: 10 },
  { kind: 'email-verification', to: 'ada@example.com', link: 'https://a.example/v', expiresInMinutes: 1440 },
  { kind: 'email-change-confirmation', to: 'ada@example.com', link: 'https://a.example/c', expiresInMinutes: 30 },
  { kind: 'email-changed', to: 'ada@example.com', newEmail: 'new@example.com' },
  { kind: 'recovery-code-used', to: 'ada@example.com', codesLeft: 0 },
  { kind: 'recovery-code-used', to: 'ada@example.com', codesLeft: 3 },
  { kind: 'acted-on-by-admin', to: 'ada@example.com', act: 'locked', by: 'administrator' },
  { kind: 'acted-on-by-admin', to: 'ada@example.com', act: 'logged-out-everywhere', by: 'operator' },
  { kind: 'new-device-login', to: 'ada@example.com', at: 1_764_000_000_000, device: 'Firefox on Linux', address: '192.0.2.1' },
  ...(
    [
      { kind: 'authenticator-on' },
      { kind: 'authenticator-off', passkeysRemain: true, recoveryCodesKept: true },
      { kind: 'authenticator-off', passkeysRemain: false, recoveryCodesKept: false },
      { kind: 'recovery-codes-renewed' },
      { kind: 'passkey-added', passkeyName: 'Phone' },
      { kind: 'passkey-removed', passkeyName: 'Phone', lastSecondFactor: true },
      { kind: 'reset-by-administrator' },
      { kind: 'reset-by-operator' },
    ] as const
  ).map((change): OutgoingMail => ({ kind: 'second-factor-changed', to: 'ada@example.com', change })),
];

describe('every page and every mail in every locale present', () => {
  for (const locale of LOCALES) {
    describe(locale, () => {
      it(`renders every page with <html lang="${locale}"> and no catalog key in place of words`, async () => {
        const built = buildTestApp();
        const { root, ada } = await rootAndAda(built);
        const visitor = browser(built.app);
        // The footer's switcher keeps the choice in each browser's cookie.
        for (const client of [root, ada, visitor]) {
          const answer = await client.post('/locale').type('form').send({ locale, back: '/' }).expect(303);
          expect(String(answer.headers['set-cookie'])).to.include(`${LOCALE_COOKIE}=${locale}`);
        }
        const open = async (client: typeof root, path: string) => {
          const page = await client.get(path);
          expect(page.status, path).to.be.oneOf([200, 404]);
          expect(page.text, path).to.include(`<html lang="${locale}">`);
          expect(leakedKeys(page.text), path).to.deep.equal([]);
        };
        for (const path of ANONYMOUS) await open(visitor, path);
        for (const path of MEMBER) await open(ada, path);
        for (const path of ADMIN) await open(root, path);
      });

      it('writes every mail in the language it was queued with, and no catalog key in place of words', () => {
        const translations = loadTranslations(localesDir(), 'en');
        const composer = new PugMailComposer({ templatesDir: join(projectRoot(), 'views', 'mail'), appUrl: 'https://a.example', cache: true, translations });
        for (const mail of MAILS) {
          const composed = composer.compose({ ...mail, locale });
          expect(composed.html, mail.kind).to.include(`<html lang="${locale}">`);
          expect(leakedKeys(`${composed.subject}\n${composed.text}\n${composed.html}`), mail.kind).to.deep.equal([]);
        }
      });
    });
  }
});
