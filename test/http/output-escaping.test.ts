import { expect } from 'chai';
import { browser, buildTestApp } from '../support/test-app.js';

// Every character WHATWG's input[type=email] allows that means something in HTML
// (no < > or " are allowed there), and a phone, which is free text, full of markup.
const email = "o'hara&{co}|~`=?^@example.com";
const phone = `<script>alert("x")</script>&'`;

describe('output escaping', () => {
  async function signedUpAdmin() {
    const built = buildTestApp();
    const client = browser(built.app);
    await client.post('/signup').type('form').send({ email, password: 'password-1', phone }).expect(302);
    expect(await built.setAdminFlag.execute({ email, admin: true })).to.deep.include({ kind: 'ok' });
    return client;
  }

  for (const path of ['/users/profile', '/users']) {
    it(`shows the email and phone on ${path} as text, escaped`, async () => {
      const client = await signedUpAdmin();

      const page = await client.get(path).expect(200);

      expect(page.text).not.to.include('<script>');
      expect(page.text).not.to.include(email);
      expect(page.text).to.include('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
      expect(page.text).to.include("o'hara&amp;{co}|~`=?^@example.com");
    });
  }
});
