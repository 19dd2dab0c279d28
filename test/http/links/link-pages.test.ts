import { expect } from 'chai';
import { captureLog } from '../../support/captured-log.js';
import { postReset, postVerify, resetLinkPath, signedUp, tokenIn, verificationLinkPath } from '../../support/links/link-flows.js';
import { browser, buildTestApp, mainOf } from '../../support/test-app.js';
import { ManualClock } from '../../support/throttle.js';

/** Every shape of a bad token, as the query string or the form would carry it. */
const BAD_TOKENS: readonly [string, string][] = [
  ['missing', ''],
  ['empty', 'token='],
  ['unknown', `token=${'A'.repeat(43)}`],
  ['too short', `token=${'A'.repeat(42)}`],
  ['too long', `token=${'A'.repeat(44)}`],
  ['far too long', `token=${'A'.repeat(5000)}`],
  ['repeated', `token=${'A'.repeat(43)}&token=${'B'.repeat(43)}`],
  ['non-ASCII', `token=${'A'.repeat(42)}%C3%A9`],
  ['an object', `token[a]=${'A'.repeat(43)}`],
  ['with a space', `token=${'A'.repeat(21)}+${'A'.repeat(21)}`],
];

const LINKS = [
  { path: '/password/reset', newLink: 'href="/password/forgot"' },
  { path: '/email/verify', newLink: 'href="/users/profile"' },
] as const;

describe('a link that does not work', () => {
  for (const { path, newLink } of LINKS) {
    for (const [shape, query] of BAD_TOKENS) {
      it(`GET ${path} with a token ${shape}: the one invalid-link page (400), no form, a way to a new link`, async () => {
        const response = await browser(buildTestApp().app).get(`${path}?${query}`);

        expect(response.status).to.equal(400);
        expect(response.text).to.include('This link does not work');
        expect(mainOf(response.text)).not.to.include('<form');
        expect(response.text).to.include(newLink);
      });

      it(`POST ${path} with a token ${shape}: the same page, and nothing changes`, async () => {
        const built = buildTestApp();
        await signedUp(built.app, 'ada@example.com');
        const body = query ? `${query}&password=a+brand+new+secret` : 'password=a+brand+new+secret';

        const response = await browser(built.app).post(path).type('form').send(body);

        expect(response.status).to.equal(400);
        expect(response.text).to.include('This link does not work');
        expect(mainOf(response.text)).not.to.include('<form');
        const queued = await built.queuedMail();
        expect(queued.map((mail) => mail.kind)).to.deep.equal(['email-verification']);
      });
    }

    it(`GET ${path}: the same page for every bad token, so it tells nothing of why`, async () => {
      const app = buildTestApp().app;
      const pages = new Set<string>();
      for (const [, query] of BAD_TOKENS) pages.add((await browser(app).get(`${path}?${query}`)).text);
      expect(pages.size).to.equal(1);
    });
  }

  it('gives the same page for a used, an expired and a made-up reset link', async () => {
    const clock = new ManualClock();
    const built = buildTestApp({ clock });
    await signedUp(built.app, 'ada@example.com');
    const used = await resetLinkPath(built, 'ada@example.com');
    await postReset(built.app, tokenIn(used), 'a brand new secret');
    const expired = await resetLinkPath(built, 'ada@example.com');
    clock.advance(60 * 60 * 1000);

    const pages = new Set<string>();
    for (const path of [used, expired, `/password/reset?token=${'A'.repeat(43)}`]) pages.add((await browser(built.app).get(path)).text);
    expect(pages.size).to.equal(1);
  });
});

describe('the pages links open', () => {
  async function pagePaths() {
    const built = buildTestApp();
    await signedUp(built.app, 'ada@example.com');
    return {
      built,
      reset: await resetLinkPath(built, 'ada@example.com'),
      verify: await verificationLinkPath(built),
    };
  }

  it('send Referrer-Policy: no-referrer and Cache-Control: no-store, working or not', async () => {
    const { built, reset, verify } = await pagePaths();
    const responses = {
      'the forgot form': await browser(built.app).get('/password/forgot'),
      'the reset form': await browser(built.app).get(reset),
      'the verify button': await browser(built.app).get(verify),
      'a bad reset link': await browser(built.app).get('/password/reset?token=nope'),
      'a bad verify link': await browser(built.app).get('/email/verify?token=nope'),
      'a refused password': await postReset(built.app, tokenIn(reset), 'short'),
      'a bad posted token': await postReset(built.app, 'nope', 'a brand new secret'),
    };
    for (const [name, response] of Object.entries(responses)) {
      expect(response.headers['referrer-policy'], name).to.equal('no-referrer');
      expect(response.headers['cache-control'], name).to.equal('no-store');
    }
  });

  it('never write a token or a link to the log: the access log has paths without queries', async () => {
    const log = captureLog();
    const built = buildTestApp({ options: { logger: log.logger } });
    await signedUp(built.app, 'ada@example.com');
    const reset = await resetLinkPath(built, 'ada@example.com');
    const verify = await verificationLinkPath(built);
    // Verification first: a reset voids every other link of the account.
    await browser(built.app).get(verify).expect(200);
    await postVerify(built.app, tokenIn(verify)).expect(302);
    await browser(built.app).get(reset).expect(200);
    await postReset(built.app, tokenIn(reset), 'short').expect(422);
    await postReset(built.app, tokenIn(reset), 'a brand new secret').expect(302);
    await postReset(built.app, tokenIn(reset), 'a brand new secret').expect(400);

    const text = log.text();
    for (const token of [tokenIn(reset), tokenIn(verify)]) expect(text).not.to.include(token);
    expect(text).not.to.include('token=');
    const paths = log.lines().filter((line) => line.msg === 'request').map((line) => line.path);
    expect(paths).to.include.members(['/password/reset', '/email/verify', '/password/forgot']);
    expect(log.lines().some((line) => line.event === 'password-reset.succeeded')).to.equal(true);
  });
});
