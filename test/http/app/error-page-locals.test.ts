import { expect } from 'chai';
import { browser, buildTestApp, flashOf, showsLoggedIn } from '../../support/test-app.js';

async function loggedIn() {
  const client = browser(buildTestApp().app);
  await client.post('/signup').type('form').send({ email: 'err@example.com', password: 'a fine password' }).expect(302);
  await client.get('/users/profile').expect(200); // consume the sign-up flash
  return client;
}

describe('error pages and the view locals', () => {
  it('show a logged-in user as logged in on a 404 page', async () => {
    const client = await loggedIn();
    const page = await client.get('/no/such/page').expect(404);
    expect(showsLoggedIn(page.text)).to.equal(true);
  });

  it('consume a pending flash on a 404 page once, like every page', async () => {
    const client = browser(buildTestApp().app);
    await client.get('/users/profile').expect(302); // sets "Must be logged in"
    const notFound = await client.get('/no/such/page').expect(404);
    expect(flashOf(notFound.text, 'messageFailure')).to.equal('Must be logged in');
    const next = await client.get('/').expect(200);
    expect(flashOf(next.text, 'messageFailure')).to.equal(null);
  });

  it('show a logged-in user as logged in on a refused body (415) and keep the flash for the next page', async () => {
    const client = await loggedIn();
    await client.get('/admin').expect(302); // sets "Admin only"
    const refused = await client.post('/login').set('content-type', 'text/plain').send('hello').expect(415);
    expect(showsLoggedIn(refused.text)).to.equal(true);
    expect(flashOf(refused.text, 'messageFailure')).to.equal(null);
    const next = await client.get('/users/profile').expect(200);
    expect(flashOf(next.text, 'messageFailure')).to.equal('Admin only');
  });
});
