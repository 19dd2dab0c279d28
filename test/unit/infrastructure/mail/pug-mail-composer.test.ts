import { join } from 'node:path';
import { expect } from 'chai';
import type { ComposedMail } from '../../../../src/application/ports/mailer.js';
import type { OutgoingMail, OutgoingMailKind } from '../../../../src/application/outgoing-mail.js';
import { PugMailComposer } from '../../../../src/infrastructure/mail/pug-mail-composer.js';
import { projectRoot } from '../../../../src/infrastructure/project-root.js';

const APP_URL = 'https://auth.example.com';
const composer = new PugMailComposer({ templatesDir: join(projectRoot(), 'views', 'mail'), appUrl: APP_URL, cache: false });

/** One message of each kind: a new kind fails the type-check here until it has a sample. */
const SAMPLES: { readonly [Kind in OutgoingMailKind]: Extract<OutgoingMail, { kind: Kind }> } = {
  'password-reset': { kind: 'password-reset', to: 'ada@example.com', link: `${APP_URL}/password/reset?token=r3s3t`, expiresInMinutes: 60 },
  'password-changed': { kind: 'password-changed', to: 'ada@example.com' },
  'email-verification': { kind: 'email-verification', to: 'ada@example.com', link: `${APP_URL}/email/verify?token=v3r1fy`, expiresInMinutes: 1440 },
  'email-change-confirmation': { kind: 'email-change-confirmation', to: 'new@example.com', link: `${APP_URL}/email/change?token=ch4ng3`, expiresInMinutes: 30 },
  'email-changed': { kind: 'email-changed', to: 'ada@example.com', newEmail: 'new@example.com' },
};

const SUBJECTS: Record<OutgoingMailKind, string> = {
  'password-reset': 'Reset your Gatehouse password',
  'password-changed': 'Your Gatehouse password was changed',
  'email-verification': 'Confirm your email address for Gatehouse',
  'email-change-confirmation': 'Confirm your new email address for Gatehouse',
  'email-changed': 'The email address of your Gatehouse account was changed',
};

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

  it('names both addresses in the notice of a changed email', () => {
    const composed = composer.compose(SAMPLES['email-changed']);
    expect(composed.text).to.include('from ada@example.com\nto new@example.com.');
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
