import { expect } from 'chai';
import { captureLog } from '../../support/captured-log.js';
import { postReset, postVerify, resetLinkPath, signedUp, tokenIn, verificationLinkPath } from '../../support/links/link-flows.js';
import { browser, buildTestApp } from '../../support/test-app.js';

const LINK_EVENTS = new Set([
  'email.unverified-refused',
  'email.verified',
  'password-reset.requested',
  'password-reset.throttled',
  'password-reset.refused',
  'password-reset.succeeded',
]);

describe('emailed links in the log', () => {
  it('log each act once, in its request, with the account when there is one', async () => {
    const log = captureLog();
    const built = buildTestApp({
      options: { logger: log.logger },
      emailVerification: 'required',
      throttle: { passwordResetsPerEmail: 1 },
    });
    const ada = await signedUp(built.app, 'ada@example.com');
    await ada.get('/special').expect(302);
    await postVerify(built.app, tokenIn(await verificationLinkPath(built))).expect(302);
    const reset = await resetLinkPath(built, 'ada@example.com');
    await browser(built.app).post('/password/forgot').type('form').send({ email: ' ADA@example.com ' }).expect(302);
    await postReset(built.app, 'A'.repeat(43), 'a brand new secret').expect(400);
    await postReset(built.app, tokenIn(reset), 'a brand new secret').expect(302);

    const events = log.lines().filter((line) => LINK_EVENTS.has(String(line.event)));
    expect(events.map((line) => [line.event, line.reason ?? null, line.userId ?? null, line.email ?? null])).to.deep.equal([
      ['email.unverified-refused', null, 1, null],
      ['email.verified', null, 1, null],
      ['password-reset.requested', null, 1, 'ada@example.com'],
      ['password-reset.throttled', null, null, 'ada@example.com'],
      ['password-reset.refused', 'invalid-token', null, null],
      ['password-reset.succeeded', null, 1, null],
    ]);
    const requestIds = events.map((line) => line.requestId);
    expect(requestIds.every((id) => typeof id === 'string')).to.equal(true);
    expect(new Set(requestIds).size).to.equal(events.length);
    expect(events.every((line) => typeof line.ip === 'string' && line.ip !== '')).to.equal(true);
  });
});
