import { englishTranslations } from '../../../support/english.js';
import { translationsWith } from '../../../support/i18n/test-locales.js';
import { join } from 'node:path';
import { expect } from 'chai';
import type { ComposedMail } from '../../../../src/application/mail/ports/mailer.js';
import type { OutgoingMail, OutgoingMailKind, SecondFactorChange } from '../../../../src/application/mail/outgoing-mail.js';
import { PugMailComposer } from '../../../../src/infrastructure/mail/pug-mail-composer.js';
import { projectRoot } from '../../../../src/infrastructure/project-root.js';

const APP_URL = 'https://auth.example.com';
const composer = new PugMailComposer({ templatesDir: join(projectRoot(), 'views', 'mail'), appUrl: APP_URL, cache: false, translations: englishTranslations });

/** One message of each kind: a new kind fails the type-check here until it has a sample. */
const SAMPLES: { readonly [Kind in OutgoingMailKind]: Extract<OutgoingMail, { kind: Kind }> } = {
  'password-reset': { kind: 'password-reset', to: 'ada@example.com', link: `${APP_URL}/password/reset?token=r3s3t`, expiresInMinutes: 60 },
  'password-changed': { kind: 'password-changed', to: 'ada@example.com' },
  'login-code': { kind: 'login-code', to: 'ada@example.com', code: '04918273', expiresInMinutes: 10 },
  'email-verification': { kind: 'email-verification', to: 'ada@example.com', link: `${APP_URL}/email/verify?token=v3r1fy`, expiresInMinutes: 1440 },
  'email-change-confirmation': { kind: 'email-change-confirmation', to: 'new@example.com', link: `${APP_URL}/email/change?token=ch4ng3`, expiresInMinutes: 30 },
  'email-changed': { kind: 'email-changed', to: 'ada@example.com', newEmail: 'new@example.com' },
  'second-factor-changed': { kind: 'second-factor-changed', to: 'ada@example.com', change: { kind: 'passkey-added', passkeyName: 'Work laptop' } },
  'recovery-code-used': { kind: 'recovery-code-used', to: 'ada@example.com', codesLeft: 7 },
  'acted-on-by-admin': { kind: 'acted-on-by-admin', to: 'ada@example.com', act: 'locked', by: 'administrator' },
  'new-device-login': {
    kind: 'new-device-login',
    to: 'ada@example.com',
    at: Date.UTC(2026, 10, 27, 18, 52, 30),
    device: 'Firefox on Ubuntu',
    address: '192.0.2.7',
  },
};

const SUBJECTS: Record<OutgoingMailKind, string> = {
  'password-reset': 'Reset your Gatehouse password',
  'password-changed': 'Your Gatehouse password was changed',
  'login-code': 'Your Gatehouse login code',
  'email-verification': 'Confirm your email address for Gatehouse',
  'email-change-confirmation': 'Confirm your new email address for Gatehouse',
  'email-changed': 'The email address of your Gatehouse account was changed',
  'second-factor-changed': 'A passkey was added to your Gatehouse account',
  'recovery-code-used': 'A recovery code was used to log in to your Gatehouse account',
  'acted-on-by-admin': 'Your Gatehouse account was locked',
  'new-device-login': 'Your Gatehouse account was logged in to from a new device',
};

/** Each change of second factors: its subject, and what the text says happened. */
const CHANGES: readonly (readonly [SecondFactorChange, string, string])[] = [
  [
    { kind: 'authenticator-on' },
    'An authenticator app was turned on for your Gatehouse account',
    'An authenticator app was turned on for two-factor login on the Gatehouse\naccount for ada@example.com, and recovery codes were made for it.',
  ],
  [
    { kind: 'authenticator-off', passkeysRemain: false, recoveryCodesKept: false },
    'The authenticator app of your Gatehouse account was turned off',
    'The authenticator app of the Gatehouse account for ada@example.com was turned off,\nand its recovery codes no longer work: its login asks for the password only.',
  ],
  [
    { kind: 'authenticator-off', passkeysRemain: true, recoveryCodesKept: false },
    'The authenticator app of your Gatehouse account was turned off',
    'The authenticator app of the Gatehouse account for ada@example.com was turned off.\nIts passkeys still work.',
  ],
  [
    { kind: 'authenticator-off', passkeysRemain: true, recoveryCodesKept: true },
    'The authenticator app of your Gatehouse account was turned off',
    'The authenticator app of the Gatehouse account for ada@example.com was turned off.\nIts passkeys and recovery codes still work.',
  ],
  [
    { kind: 'recovery-codes-renewed' },
    'New recovery codes were made for your Gatehouse account',
    'New recovery codes were made for the Gatehouse account for ada@example.com.\nThe old ones no longer work.',
  ],
  [
    { kind: 'passkey-added', passkeyName: 'Work laptop' },
    'A passkey was added to your Gatehouse account',
    'A passkey named "Work laptop" was added to the Gatehouse\naccount for ada@example.com. It can now log in to the account.',
  ],
  [
    { kind: 'passkey-removed', passkeyName: 'Old phone', lastSecondFactor: false },
    'A passkey was removed from your Gatehouse account',
    'The passkey named "Old phone" was removed from the Gatehouse\naccount for ada@example.com. It no longer logs in to the account.\n\n',
  ],
  [
    { kind: 'passkey-removed', passkeyName: 'Old phone', lastSecondFactor: true },
    'A passkey was removed from your Gatehouse account',
    'account for ada@example.com. It no longer logs in to the account.\nIt was the account\'s last second factor: its login asks for the password\nonly, and its recovery codes no longer work.',
  ],
  [
    { kind: 'reset-by-administrator' },
    'The two-factor login of your Gatehouse account was reset',
    'An administrator reset the two-factor login of the Gatehouse account for\nada@example.com: its authenticator app, recovery codes and passkeys were removed,',
  ],
  [
    { kind: 'reset-by-operator' },
    'The two-factor login of your Gatehouse account was reset',
    'An operator reset the two-factor login of the Gatehouse account for ada@example.com\nfrom the command line: its authenticator app, recovery codes and passkeys',
  ],
];

/** Every address an attribute of the HTML loads from or links to. */
const urlsIn = (html: string) => [...html.matchAll(/\b(?:href|src|action|background)="([^"]*)"/g)].map((m) => m[1]);

describe('PugMailComposer', () => {
  for (const mail of Object.values(SAMPLES)) {
    describe(mail.kind, () => {
      let composed: ComposedMail;
      before(() => {
        composed = composer.compose(mail);
      });

      it('is addressed to the recipient, with a subject that says what it is', () => {
        expect({ to: composed.to, subject: composed.subject }).to.deep.equal({ to: mail.to, subject: SUBJECTS[mail.kind] });
      });

      if ('link' in mail) {
        it('carries its link in the text and as the HTML button and fallback', () => {
          expect(composed.text).to.include(`\n${mail.link}\n`);
          expect(urlsIn(composed.html)).to.include(mail.link);
          expect(composed.html).to.include(`>${mail.link}</span>`);
        });
      }

      it('loads nothing from anywhere and links only to the app', () => {
        expect(composed.html).to.not.match(/<img|<script|<link|<iframe|<form|url\(|@import/i);
        for (const url of urlsIn(composed.html)) expect(url?.startsWith(APP_URL)).to.equal(true, url);
      });

      it('has a plain-text part without markup, and an HTML document', () => {
        expect(composed.text).to.not.match(/<[a-z/]/i);
        expect(composed.text).to.match(/[^\n]\n$/);
        expect(composed.text.trim().length).to.be.greaterThan(80);
        expect(composed.html).to.match(/^<!DOCTYPE html><html lang="en">/);
        expect(composed.html).to.include(`<title>${SUBJECTS[mail.kind]}</title>`);
      });
    });
  }

  it('says how long a link works, in minutes or hours', () => {
    expect(composer.compose(SAMPLES['password-reset']).text).to.include('for 1 hour.');
    expect(composer.compose(SAMPLES['email-verification']).text).to.include('for 24 hours.');
    expect(composer.compose(SAMPLES['email-change-confirmation']).text).to.include('for 30 minutes,');
  });

  it('tells the owner of a changed password where to take the account back', () => {
    const composed = composer.compose(SAMPLES['password-changed']);
    expect(composed.text).to.include(`\n${APP_URL}/password/forgot\n`);
    expect(urlsIn(composed.html)).to.include(`${APP_URL}/password/forgot`);
  });

  describe('password-changed after a reset of an account with second factors', () => {
    const factors = { authenticatorApp: true, passkeyNames: ['Laptop', 'Phone'], recoveryCodes: 3 };
    const compose = (kind: 'removed' | 'kept', list = factors) =>
      composer.compose({ kind: 'password-changed', to: 'ada@example.com', secondFactors: { kind, factors: list } });

    it('says what a reset that first proved the address removed, and where to set two-factor login up again', () => {
      const composed = compose('removed');
      expect(composed.subject).to.equal('Your Gatehouse password was changed');
      expect(composed.text).to.include(
        'This reset was the first proof that the address is yours, so what was added to\n' +
          'the account before it was removed, in case someone else added it:\n\n' +
          '- the authenticator app\n- the passkey "Laptop"\n- the passkey "Phone"\n- 3 unused recovery codes\n\n' +
          'Devices kept logged in were forgotten too. If you added these yourself, set up\n' +
          `two-factor login again at\n${APP_URL}/account/two-factor\n`,
      );
      expect(composed.html).to.include('<li>the passkey "Laptop"</li>');
      expect(urlsIn(composed.html)).to.include(`${APP_URL}/account/two-factor`);
    });

    it('lists what a reset of a verified address kept, and where to remove one that is not the owner\'s', () => {
      const composed = compose('kept', { authenticatorApp: false, passkeyNames: ['Laptop'], recoveryCodes: 1 });
      expect(composed.text).to.include(
        'Its two-factor login is as it was; these still work:\n\n' +
          '- the passkey "Laptop"\n- 1 unused recovery code\n\n' +
          'If one of them is not yours, remove it: the authenticator app and recovery codes at\n' +
          `${APP_URL}/account/two-factor\nand passkeys at\n${APP_URL}/account/passkeys\n`,
      );
      expect(composed.text).to.not.include('authenticator app\n-');
      expect(urlsIn(composed.html)).to.include.members([`${APP_URL}/account/two-factor`, `${APP_URL}/account/passkeys`]);
    });

    it('says nothing of second factors when the account had none', () => {
      const composed = composer.compose(SAMPLES['password-changed']);
      expect(composed.text).to.not.match(/two-factor|passkey|recovery/);
    });

    it('shows markup in a passkey name as text: escaped in the HTML, as typed in the text part', () => {
      const name = '<img src=x onerror=alert(1)> & "co"';
      const composed = compose('removed', { authenticatorApp: false, passkeyNames: [name], recoveryCodes: 0 });
      expect(composed.html).to.not.include('<img');
      expect(composed.html).to.include('<li>the passkey "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot;"</li>');
      expect(composed.text).to.include(`- the passkey "${name}"\n`);
    });
  });

  it('names both addresses in the notice of a changed email', () => {
    const composed = composer.compose(SAMPLES['email-changed']);
    expect(composed.text).to.include('from ada@example.com\nto new@example.com.');
  });

  describe('new-device-login', () => {
    it('says when, on which device and from which address, with the sessions page and "This wasn\'t me" in both parts', () => {
      const composed = composer.compose(SAMPLES['new-device-login']);
      expect(composed.text).to.include(
        '  When: 2026-11-27 18:52 UTC\n  Device: Firefox on Ubuntu\n  Address: 192.0.2.7\n',
      );
      expect(composed.text).to.include(`log any of them out:\n${APP_URL}/account/sessions\n`);
      expect(composed.text).to.include(`This wasn't me: someone else knows your password. Reset it at once at\n${APP_URL}/password/forgot\n`);
      expect(composed.html).to.include('<li>When: 2026-11-27 18:52 UTC</li><li>Device: Firefox on Ubuntu</li><li>Address: 192.0.2.7</li>');
      expect(composed.html).to.match(new RegExp(`href="${APP_URL}/password/forgot"[^>]*>This wasn't me</a>`));
      expect(urlsIn(composed.html)).to.include(`${APP_URL}/account/sessions`);
    });

    it('says when in the language the mail was queued in, still in UTC', () => {
      const german = new PugMailComposer({ templatesDir: join(projectRoot(), 'views', 'mail'), appUrl: APP_URL, cache: false, translations: translationsWith(['de']) });
      const composed = german.compose({ ...SAMPLES['new-device-login'], locale: 'de' });
      expect(composed.text).to.include('[de] 27.11.2026, 18:52 UTC');
      expect(composed.html).to.include('[de] 27.11.2026, 18:52 UTC');
    });

    it('carries no token: its only links are the sessions page and the forgotten-password form', () => {
      const composed = composer.compose(SAMPLES['new-device-login']);
      expect([...new Set(urlsIn(composed.html))].sort()).to.deep.equal([APP_URL, `${APP_URL}/account/sessions`, `${APP_URL}/password/forgot`]);
      expect(composed.text).to.not.match(/token=|\?/);
    });

    it('shows markup in the device as text: escaped in the HTML', () => {
      const composed = composer.compose({ ...SAMPLES['new-device-login'], device: '<script>x</script> on "OS"' });
      expect(composed.html).to.not.include('<script>');
      expect(composed.html).to.include('Device: &lt;script&gt;x&lt;/script&gt; on &quot;OS&quot;');
    });
  });

  describe('second-factor-changed', () => {
    const compose = (change: SecondFactorChange) => composer.compose({ kind: 'second-factor-changed', to: 'ada@example.com', change });

    for (const [change, subject, happened] of CHANGES) {
      it(`says plainly what happened for ${change.kind}: "${subject}"`, () => {
        const composed = compose(change);
        expect(composed.subject).to.equal(subject);
        expect(composed.text).to.include(happened);
        expect(composed.html).to.include(`<title>${subject}</title>`);
      });
    }

    it('tells an owner who did not make the change to change the password, log out everywhere and contact an administrator', () => {
      for (const [change] of CHANGES) {
        const composed = compose(change);
        expect(composed.text).to.include('If you did not, someone else may be using your account:');
        expect(composed.text).to.include(`- change your password at ${APP_URL}/account\n  (or reset it at ${APP_URL}/password/forgot if it no longer works);`);
        expect(composed.text).to.include(`- log out everywhere else on ${APP_URL}/account/sessions;`);
        expect(composed.text).to.include("- contact the site's administrator.");
        expect(urlsIn(composed.html)).to.include.members([`${APP_URL}/account`, `${APP_URL}/password/forgot`, `${APP_URL}/account/sessions`]);
      }
    });

    it('says there is nothing more to do for a change the owner made, and where to set two-factor login up again after a reset', () => {
      expect(compose({ kind: 'authenticator-off', passkeysRemain: false, recoveryCodesKept: false }).text).to.include('If you made this change, there is nothing more to do.');
      const reset = compose({ kind: 'reset-by-administrator' });
      expect(reset.text).to.include(`If you asked for this, set up two-factor login again at\n${APP_URL}/account/two-factor\n`);
      expect(urlsIn(reset.html)).to.include(`${APP_URL}/account/two-factor`);
      expect(reset.text).to.not.include('nothing more to do');
    });

    it('shows markup in a passkey name as text: escaped in the HTML, as typed in the text part', () => {
      const name = '<img src=x onerror=alert(1)> & "co"';
      for (const change of [
        { kind: 'passkey-added', passkeyName: name },
        { kind: 'passkey-removed', passkeyName: name, lastSecondFactor: false },
      ] as const) {
        const composed = compose(change);
        expect(composed.html).to.not.include('<img');
        expect(composed.html).to.include('"&lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot;"');
        expect(composed.text).to.include(`"${name}"`);
        expect(composed.subject).to.not.include('img');
      }
    });
  });

  describe('recovery-code-used', () => {
    const compose = (codesLeft: number) => composer.compose({ kind: 'recovery-code-used', to: 'ada@example.com', codesLeft });

    it('says a code was used and how many are left, and what to do if it was not the owner', () => {
      const composed = compose(7);
      expect(composed.text).to.include(
        'A recovery code was used just now to log in to the Gatehouse account for\nada@example.com, in place of its second factor. That code no longer works.\n\n7 unused recovery codes are left.\n',
      );
      expect(compose(1).text).to.include('\n1 unused recovery code is left.\n');
      expect(composed.text).to.include('If it was not, someone else has your password and one of your recovery codes:');
      expect(composed.text).to.include(`- make new recovery codes at ${APP_URL}/account/two-factor;`);
      expect(urlsIn(composed.html)).to.include.members([`${APP_URL}/account`, `${APP_URL}/account/two-factor`, `${APP_URL}/account/sessions`]);
    });

    it('says where to make new codes when none is left', () => {
      const composed = compose(0);
      expect(composed.text).to.include(`No unused recovery code is left: make new ones at ${APP_URL}/account/two-factor\n`);
      expect(composed.html).to.include('No unused recovery code is left');
    });
  });

  describe('acted-on-by-admin', () => {
    const compose = (act: 'locked' | 'logged-out-everywhere', by: 'administrator' | 'operator') =>
      composer.compose({ kind: 'acted-on-by-admin', to: 'ada@example.com', act, by });

    it('says an administrator or an operator locked the account, and to ask the administrator why', () => {
      const byAdmin = compose('locked', 'administrator');
      expect(byAdmin.subject).to.equal('Your Gatehouse account was locked');
      expect(byAdmin.text).to.include(
        'An administrator locked the Gatehouse account for ada@example.com:\nit can no longer log in, and every session and remembered browser of it\nwas logged out.\n\nIf you do not know why, contact the site\'s administrator.\n',
      );
      expect(compose('locked', 'operator').text).to.include('An operator locked the Gatehouse account for ada@example.com from the command line:');
      expect(byAdmin.html).to.include('An administrator locked the Gatehouse account for ada@example.com: it can no longer log in');
    });

    it('says the account was logged out everywhere, that the owner may log in again, and where to change the password', () => {
      const composed = compose('logged-out-everywhere', 'administrator');
      expect(composed.subject).to.equal('Your Gatehouse account was logged out everywhere');
      expect(composed.text).to.include(
        'An administrator logged the Gatehouse account for ada@example.com out everywhere:\nevery session and remembered browser of it was logged out. You can log in again.\n',
      );
      expect(composed.text).to.include(`- change your password at ${APP_URL}/account\n`);
      expect(urlsIn(composed.html)).to.include.members([`${APP_URL}/account`, `${APP_URL}/password/forgot`]);
      expect(compose('logged-out-everywhere', 'operator').text).to.include('An operator logged the Gatehouse account for ada@example.com out everywhere from the command line:');
    });
  });

  it('escapes every value in the HTML, and leaves the text as it is', () => {
    const hostile = '"<b>x</b>&amp;"@example.com';
    const link = `${APP_URL}/password/reset?token=a&b="><script>`;
    const composed = composer.compose({ kind: 'email-change-confirmation', to: hostile, link, expiresInMinutes: 60 });
    expect(composed.html).to.not.include('<b>');
    expect(composed.html).to.not.include('<script>');
    expect(composed.html).to.include('&quot;&lt;b&gt;x&lt;/b&gt;&amp;amp;&quot;@example.com');
    expect(composed.html).to.include('href="https://auth.example.com/password/reset?token=a&amp;b=&quot;&gt;&lt;script&gt;"');
    expect(composed.text).to.include(hostile);
    expect(composed.text).to.include(`\n${link}\n`);
  });
});
