import { expect } from 'chai';
import type { SecurityEvents } from '../../../../src/application/shared/ports/security-events.js';
import { VerifyEmail } from '../../../../src/application/links/verify-email.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { HOUR, type LinkFixture, linkFixture, MALFORMED_TOKENS } from '../../../support/links/link-fixture.js';

/** VerifyEmail on the fixture's stores, recording into `events` (the fixture's own unless given). */
const verifyWith = (fixture: LinkFixture, events: SecurityEvents = fixture.events) =>
  new VerifyEmail(fixture.transactions, fixture.linkTokens, fixture.clock, events);

describe('VerifyEmail', () => {
  it('marks the address verified with the link sent to it', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');

    expect(await verifyWith(fixture).execute({ token, request: testRequest() })).to.deep.equal({ kind: 'ok', userId: 1 });
    expect((await fixture.users.findById(1))?.emailVerified).to.equal(true);
  });

  it('works once', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');
    await verifyWith(fixture).execute({ token, request: testRequest() });
    expect(await verifyWith(fixture).execute({ token, request: testRequest() })).to.deep.equal({ kind: 'invalid-token' });
  });

  it('is invalid-token after 24 hours, and verifies nothing', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');
    fixture.clock.advance(24 * HOUR);
    expect(await verifyWith(fixture).execute({ token, request: testRequest() })).to.deep.equal({ kind: 'invalid-token' });
    expect((await fixture.users.findById(1))?.emailVerified).to.equal(false);
  });

  it('is invalid-token for a password reset token', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    expect(await verifyWith(fixture).execute({ token, request: testRequest() })).to.deep.equal({ kind: 'invalid-token' });
    expect((await fixture.users.findById(1))?.emailVerified).to.equal(false);
  });

  it('does not verify an address the link was not sent to', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');
    await fixture.users.changeEmail(1, Email.parse('ada.new@example.com') as Email);
    expect(await verifyWith(fixture).execute({ token, request: testRequest() })).to.deep.equal({ kind: 'invalid-token' });
  });

  for (const [shape, token] of MALFORMED_TOKENS) {
    it(`is invalid-token for a malformed token (${shape}), looked up nowhere`, async () => {
      const fixture = await linkFixture();
      fixture.tokens.consume = () => Promise.reject(new Error('looked up'));
      expect(await verifyWith(fixture).execute({ token, request: testRequest() })).to.deep.equal({ kind: 'invalid-token' });
    });
  }

  describe('its security events', () => {
    it('records email.verified, with the request, on the account\'s activity', async () => {
      const fixture = await linkFixture();
      const events = new RecordedEvents();
      await verifyWith(fixture, events).execute({ token: await fixture.issue('email-verification'), request: testRequest() });
      expect(events.recorded).to.deep.equal([{ type: 'email.verified', userId: 1, request: testRequest() }]);

      await verifyWith(fixture).execute({ token: await fixture.issue('email-verification'), request: testRequest() });
      const stored = await fixture.audit.listOfUser(1, { before: null, limit: 10 });
      expect(stored.map((event) => event.type)).to.deep.equal(['email.verified']);
    });

    it('records nothing for a link that does not work', async () => {
      const fixture = await linkFixture();
      const events = new RecordedEvents();
      await verifyWith(fixture, events).execute({ token: await fixture.issue('password-reset'), request: testRequest() });
      await verifyWith(fixture, events).execute({ token: 'not a token', request: testRequest() });
      expect(events.recorded).to.deep.equal([]);
    });
  });
});
