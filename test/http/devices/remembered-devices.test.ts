import { expect } from 'chai';
import { messages } from '../../support/english.js';
import { ADA, signUp, submit } from '../../support/accounts/account-client.js';
import { clearsRememberCookie, logInRemembered, withRememberCookie } from '../../support/devices/remember-client.js';
import { browser, buildTestApp, flashOf, showsLoggedIn } from '../../support/test-app.js';
import { ManualClock } from '../../support/throttle.js';

const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** The handles in the page's forget forms, in the page's order. */
function handlesOn(html: string): string[] {
  return [...html.matchAll(/name="handle" value="([0-9a-f]{32})"/g)].map((match) => match[1] ?? '');
}

/** Ada remembered on two devices: a Firefox (the browser returned) and an iPhone. */
async function adaOnTwoDevices() {
  const clock = new ManualClock();
  const built = buildTestApp({ clock });
  await signUp(built, ADA);
  const firefox = browser(built.app).set('User-Agent', FIREFOX);
  const iphone = browser(built.app).set('User-Agent', IPHONE);
  const { cookie: iphoneCookie } = await logInRemembered(built.app, ADA, iphone);
  // Firefox is the most recently used.
  clock.advance(60_000);
  await logInRemembered(built.app, ADA, firefox);
  return { ...built, firefox, iphoneCookie };
}

describe('GET /account/sessions: remembered devices', () => {
  it('sends an anonymous visitor to /login with "Must be logged in"', async () => {
    const client = browser(buildTestApp().app);
    const response = await client.get('/account/sessions').expect(302);
    expect(response.headers.location).to.equal('/login');
    expect(flashOf((await client.get('/login')).text, 'messageFailure')).to.equal(messages.mustBeLoggedIn);
  });

  it('lists the devices that keep the user logged in, most recently used first, marking this one', async () => {
    const { firefox } = await adaOnTwoDevices();
    const page = (await firefox.get('/account/sessions').expect(200)).text;
    expect(page).to.match(/Remembered devices.*Firefox on Ubuntu\s*<span class="badge">This device<\/span>.*Mobile Safari on iOS 17\.5/s);
    expect(handlesOn(page)).to.have.length(2);
  });

  it('says so when no device keeps the user logged in', async () => {
    const built = buildTestApp();
    const client = await signUp(built, ADA);
    expect((await client.get('/account/sessions').expect(200)).text).to.include('No device keeps you logged in.');
  });
});

describe('POST /account/sessions/forget-device', () => {
  it('forgets another device: its cookie no longer logs in', async () => {
    const { app, firefox, sessions, iphoneCookie } = await adaOnTwoDevices();
    const [, iphoneHandle] = handlesOn((await firefox.get('/account/sessions')).text);

    const answer = await submit(firefox, '/account/sessions/forget-device', { handle: iphoneHandle ?? '', sudoPassword: ADA.password });

    expect(answer.location).to.equal('/account/sessions');
    expect(answer.success).to.equal(messages.rememberedDeviceForgotten);
    expect(handlesOn(answer.page)).to.have.length(1);
    await sessions.destroyAllOfUser(1);
    expect((await withRememberCookie(app, iphoneCookie)).headers.location).to.equal('/login');
  });

  it('forgets this device: its cookie goes, and the session it is in stays logged in', async () => {
    const { firefox } = await adaOnTwoDevices();
    const [thisHandle] = handlesOn((await firefox.get('/account/sessions')).text);

    const answer = await submit(firefox, '/account/sessions/forget-device', { handle: thisHandle ?? '', sudoPassword: ADA.password });

    expect(clearsRememberCookie(answer.response)).to.equal(true);
    expect(showsLoggedIn(answer.page)).to.equal(true);
  });

  for (const [what, form] of [
    ['an unknown handle', { handle: '0'.repeat(32) }],
    ['no handle', {}],
    ['a handle sent twice', 'handle=a&handle=b'],
  ] as const) {
    it(`answers ${what} with a clear message and forgets nothing`, async () => {
      const { firefox } = await adaOnTwoDevices();
      const answer = await submit(
        firefox,
        '/account/sessions/forget-device',
        typeof form === 'string' ? form : { ...form, sudoPassword: ADA.password },
      );
      expect(answer.failure).to.equal(messages.rememberedDeviceUnknown);
      expect(handlesOn(answer.page)).to.have.length(2);
    });
  }

  it('cannot forget another user\'s device', async () => {
    const { app, firefox } = await adaOnTwoDevices();
    const grace = browser(app);
    await grace.post('/signup').type('form').send({ email: 'grace@example.com', password: 'cobol-compiler' }).expect(302);
    const [adasHandle] = handlesOn((await firefox.get('/account/sessions')).text);

    const answer = await submit(grace, '/account/sessions/forget-device', { handle: adasHandle ?? '', sudoPassword: 'cobol-compiler' });

    expect(answer.failure).to.equal(messages.rememberedDeviceUnknown);
    expect(handlesOn((await firefox.get('/account/sessions')).text)).to.have.length(2);
  });
});

describe('the sessions page and remembered devices together', () => {
  /** The handles in the page's "Log out" forms: the sessions other than this one. */
  function sessionHandlesOn(html: string): string[] {
    return [...html.matchAll(/name="session" value="([0-9a-f]{32})"/g)].map((match) => match[1] ?? '');
  }

  it("logging out the other device's session forgets that device too, so its cookie cannot log back in", async () => {
    const { app, firefox, iphoneCookie } = await adaOnTwoDevices();
    const [iphoneSession] = sessionHandlesOn((await firefox.get('/account/sessions')).text);

    const answer = await submit(firefox, '/account/sessions/revoke', { session: iphoneSession ?? '', sudoPassword: ADA.password });

    expect(answer.success).to.equal(messages.sessionRevoked);
    expect(handlesOn(answer.page)).to.have.length(1);
    expect((await withRememberCookie(app, iphoneCookie)).headers.location).to.equal('/login');
  });

  it('"Log out of all other sessions" forgets every other device and keeps this one', async () => {
    const { app, firefox, iphoneCookie } = await adaOnTwoDevices();

    const answer = await submit(firefox, '/account/sessions/revoke-others', { sudoPassword: ADA.password });

    expect(answer.success).to.equal(messages.otherSessionsRevoked);
    expect(answer.page).to.match(/Remembered devices.*Firefox on Ubuntu\s*<span class="badge">This device<\/span>/s);
    expect(handlesOn(answer.page)).to.have.length(1);
    expect((await withRememberCookie(app, iphoneCookie)).headers.location).to.equal('/login');
  });
});
