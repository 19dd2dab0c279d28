import { expect } from 'chai';
import { browser, buildTestApp } from '../../support/test-app.js';

// Every character WHATWG's input[type=email] allows that means something in HTML
// (no < > or " are allowed there), and a phone, which is free text, full of markup.
const email = "o'hara&{co}|~`=?^@example.com";
const phone = `<script>alert("x")</script>&'`;

describe('output escaping', () => {
  async function signedUpAdmin() {
    const built = buildTestApp();
    const client = browser(built.app);
    await client.post('/signup').type('form').send({ email, password: 'password-1', phone }).expect(302);
    expect(await built.setUserAdmin.execute({ user: { email }, admin: true })).to.deep.include({ kind: 'ok' });
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

  // A refused form is given back filled in, so whatever was typed lands in an attribute.
  const markup = `"><script>alert(1)</script><input value="`;

  it('gives a refused sign-up back with the typed email and phone escaped inside their attributes', async () => {
    const client = browser(buildTestApp().app);
    await client.post('/signup').type('form').send({ email: markup, password: 'password-1', phone }).expect(302);

    const page = await client.get('/signup').expect(200);

    expect(page.text).not.to.include('<script>');
    expect(page.text).to.include('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;input value=&quot;"');
    expect(page.text).to.include('value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;\'"');
  });

  it('gives a refused login back with the typed email escaped inside its attribute', async () => {
    const client = browser(buildTestApp().app);
    // An email address may hold & and ': both must reach the attribute as text.
    await client.post('/login').type('form').send({ email: "o'brien&co@example.com", password: 'password-1' });

    const page = await client.get('/login').expect(200);

    expect(page.text).to.include('value="o\'brien&amp;co@example.com"');
  });

  it('does not give back markup typed into the login email field, which is no email address', async () => {
    const client = browser(buildTestApp().app);
    await client.post('/login').type('form').send({ email: markup, password: 'password-1' }).expect(302);

    const page = await client.get('/login').expect(200);

    expect(page.text).not.to.include('<script>');
    expect(page.text).not.to.include('alert(1)');
  });
});
