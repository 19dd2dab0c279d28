import { expect } from 'chai';
import { postVerify, signedUp, tokenIn, verificationLinkPath } from '../../support/links/link-flows.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

const VERIFY_FIRST =
  'Please verify your email address first: follow the link we sent you, or send a new one from this page.';
const to = (location: string, failure: string) => ({ status: 302, location, failure });

async function unverified(emailVerification: 'optional' | 'required' = 'required') {
  const built = buildTestApp({ emailVerification });
  const client = await signedUp(built.app, 'ada@example.com');
  await client.get('/users/profile');
  return { built, client };
}

async function redirectOf(client: ReturnType<typeof browser>, path: string) {
  const response = await client.get(path);
  const location = response.headers.location ?? null;
  const next = location ? await client.get(location) : response;
  return { status: response.status, location, failure: flashOf(next.text, 'messageFailure') };
}

describe('EMAIL_VERIFICATION=required', () => {
  for (const path of ['/special', '/admin', '/users']) {
    it(`sends a logged-in user with an unverified address from ${path} to the profile, with a clear message`, async () => {
      const { built, client } = await unverified();
      await built.setUserAdmin.execute({ user: { email: 'ada@example.com' }, admin: true });

      expect(await redirectOf(client, path)).to.deep.equal(to('/users/profile', VERIFY_FIRST));
    });
  }

  it('lets the unverified user reach the profile, the password and email pages, and logout', async () => {
    const { built, client } = await unverified();
    await client.get('/users/profile').expect(200);
    await client.get('/password/forgot').expect(200);
    await client.get(await verificationLinkPath(built)).expect(200);
    await client.post('/email/verify/resend').expect(302, /Redirecting to \/users\/profile/);
    expect((await client.get('/logout')).headers.location).to.equal('/login');
  });

  it('keeps the contract\'s gates first: an unverified non-administrator gets "Admin only" for /admin and /users', async () => {
    const { client } = await unverified();
    for (const path of ['/admin', '/users']) {
      expect(await redirectOf(client, path)).to.deep.equal(to('/users/profile', 'Admin only'));
    }
  });

  it('keeps the contract\'s gates first for anonymous visitors: /special to /signup, /admin to /login', async () => {
    const client = browser(buildTestApp({ emailVerification: 'required' }).app);
    expect(await redirectOf(client, '/special')).to.deep.equal(to('/signup', 'Must be signed up'));
    expect(await redirectOf(client, '/admin')).to.deep.equal(to('/login', 'Must be logged in'));
  });

  it('opens the gated pages on the very next request once the address is verified', async () => {
    const { built, client } = await unverified();
    await built.setUserAdmin.execute({ user: { email: 'ada@example.com' }, admin: true });

    await postVerify(built.app, tokenIn(await verificationLinkPath(built)), client).expect(302);

    for (const path of ['/special', '/admin', '/users']) await client.get(path).expect(200);
  });
});

describe('EMAIL_VERIFICATION=optional (the default)', () => {
  it('lets a user with an unverified address reach every page the contract allows', async () => {
    const { built, client } = await unverified('optional');
    await client.get('/special').expect(200);
    await built.setUserAdmin.execute({ user: { email: 'ada@example.com' }, admin: true });
    await client.get('/admin').expect(200);
    await client.get('/users').expect(200);
  });
});
