import { expect } from 'chai';
import { Email } from '../../../src/domain/shared/email.js';
import { ADA, submit, withAda } from '../../support/accounts/account-client.js';
import { postReset, resetLinkPath, signedUp, tokenIn } from '../../support/links/link-flows.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

const REFUSAL =
  'This password contains the name of this site or part of your email address or phone number. Please choose one that is harder to guess.';

describe('context-specific words in a new password (sign-up, change, reset)', () => {
  describe('POST /signup', () => {
    for (const [label, password] of [
      ['the product name, in any letter case', 'my-GATEHOUSE-key'],
      ["the deployment's host label (APP_URL https://gatehouse.example.test)", 'an-Example-of-care'],
      ['the local part of the address', 'lovelace-engine-1843'],
      ['a run of digits of the phone number', 'engine-7946-rooms'],
    ] as const) {
      it(`refuses ${label}, keeping the typed fields but the password, creating nothing`, async () => {
        const built = buildTestApp();
        const client = browser(built.app);
        const form = { email: 'lovelace@analytical.org', password, phone: '+44 20 7946 0000' };

        const response = await client.post('/signup').type('form').send(form);

        expect(response.headers.location).to.equal('/signup');
        const page = (await client.get('/signup')).text;
        expect(flashOf(page, 'messageFailure')).to.equal(REFUSAL);
        expect(page).to.include('value="lovelace@analytical.org"');
        expect(page).to.include('value="+44 20 7946 0000"');
        expect(page).not.to.include(password);
        expect(await built.users.findByEmail(Email.parse(form.email) as Email)).to.equal(null);
      });
    }

    it('ignores parts under 4 characters: ada@example.com may use "ada" and "com"', async () => {
      const built = buildTestApp();
      const response = await browser(built.app).post('/signup').type('form').send({ email: 'ada@example.com', password: 'ada-com-engine' });
      expect(response.headers.location).to.equal('/users/profile');
    });
  });

  describe('POST /account/password', () => {
    it("refuses a new password holding the user's own phone digits, and the old one still logs in", async () => {
      const built = await withAda();

      const answer = await submit(built.ada, '/account/password', { currentPassword: ADA.password, password: 'engine-7946-rooms' });

      expect(answer.failure).to.equal(REFUSAL);
      expect(answer.page).not.to.include('engine-7946-rooms');
      expect((await submit(browser(built.app), '/login', ADA)).success).to.equal('Successfully logged in.');
    });
  });

  describe('POST /password/reset', () => {
    it('re-shows the form with the reason, and the link still works', async () => {
      const built = buildTestApp();
      await signedUp(built.app, 'lovelace@analytical.org', 'difference engine');
      const path = await resetLinkPath(built, 'lovelace@analytical.org');

      const page = await browser(built.app).post('/password/reset').type('form').send({ token: tokenIn(path), password: 'Analytical-rooms' });

      expect(page.status).to.equal(422);
      expect(/data-problem[^>]*>([^<]*)</.exec(page.text)?.[1]).to.equal(REFUSAL);
      expect(page.text).not.to.include('Analytical-rooms');
      expect((await postReset(built.app, tokenIn(path), 'cobol compiler')).headers.location).to.equal('/login');
    });
  });
});
