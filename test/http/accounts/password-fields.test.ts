import { expect } from 'chai';
import { ADA, withAda } from '../../support/accounts/account-client.js';
import { resetLinkPath, tokenIn } from '../../support/links/link-flows.js';
import { browser } from '../../support/test-app.js';

/** Every `<input …>` of a page whose name holds "password". */
function passwordInputs(page: string): string[] {
  return (page.match(/<input\b[^>]*>/g) ?? []).filter((input) => /\bname="[^"]*password[^"]*"/i.test(input));
}

describe('password fields', () => {
  it('are masked (type="password") and offered to password managers on every form that asks for one, and nothing blocks pasting', async () => {
    const built = await withAda();
    const token = tokenIn(await resetLinkPath(built, ADA.email));
    const sudo = await built.ada.post('/account/data').type('form').send({}).expect(200);
    const pages: Record<string, string> = {
      '/login': (await browser(built.app).get('/login').expect(200)).text,
      '/signup': (await browser(built.app).get('/signup').expect(200)).text,
      '/account': (await built.ada.get('/account').expect(200)).text,
      '/password/reset': (await browser(built.app).get(`/password/reset?token=${token}`).expect(200)).text,
      'the sudo step (/account/data)': sudo.text,
    };
    for (const [where, page] of Object.entries(pages)) {
      const inputs = passwordInputs(page);
      expect(inputs, where).not.to.deep.equal([]);
      for (const input of inputs) {
        expect(input, where).to.include('type="password"');
        expect(input, where).to.match(/autocomplete="(current|new)-password"/);
      }
      expect(page, where).not.to.match(/\bon(paste|copy|drop)=/i);
    }
  });
});
