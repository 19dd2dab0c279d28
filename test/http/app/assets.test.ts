import { expect } from 'chai';
import { browser, buildTestApp } from '../../support/test-app.js';

describe('GET /assets/*', () => {
  it('serves the stylesheet as CSS with a cache lifetime and an ETag, and no session cookie', async () => {
    const response = await browser(buildTestApp().app).get('/assets/app.css').expect(200);

    expect(response.headers['content-type']).to.equal('text/css; charset=utf-8');
    expect(response.headers['cache-control']).to.equal('public, max-age=86400');
    expect(response.headers.etag).to.match(/^"[\w-]{16}"$/);
    expect(response.headers['set-cookie']).to.equal(undefined);
    expect(response.text).to.include('prefers-color-scheme: dark');
  });

  it('answers 304 when the browser already holds the same version', async () => {
    const client = browser(buildTestApp().app);
    const first = await client.get('/assets/app.css').expect(200);

    const again = await client.get('/assets/app.css').set('If-None-Match', first.headers.etag ?? '');

    expect(again.status).to.equal(304);
    expect(again.text).to.equal('');
  });

  it('shows the 404 page for an unknown asset or a path that tries to leave the folder', async () => {
    const client = browser(buildTestApp().app);
    for (const path of ['/assets/nope.css', '/assets/../package.json', '/assets/%2e%2e/package.json']) {
      const response = await client.get(path);
      expect(response.status, path).to.equal(404);
      expect(response.text, path).to.include('Page not found');
    }
  });
});

describe('rendered pages', () => {
  it('are marked Cache-Control: no-store, so the back button after logout asks the server again', async () => {
    const client = browser(buildTestApp().app);
    for (const path of ['/', '/login', '/signup']) {
      const response = await client.get(path).expect(200);
      expect(response.headers['cache-control'], path).to.equal('no-store');
    }
  });

  it('are marked no-store when private too, so a shared browser cannot show them from its cache', async () => {
    const client = browser(buildTestApp().app);
    await client.post('/signup').type('form').send({ email: 'private@example.com', password: 'password-1' }).expect(302);
    for (const path of ['/users/profile', '/special']) {
      const response = await client.get(path).expect(200);
      expect(response.headers['cache-control'], path).to.equal('no-store');
    }
  });

  it('link the one stylesheet and use no inline style or script', async () => {
    const page = await browser(buildTestApp().app).get('/signup').expect(200);

    expect(page.text).to.include('<link rel="stylesheet" href="/assets/app.css">');
    expect(page.text).not.to.match(/<script|<style|\sstyle=/i);
  });
});
