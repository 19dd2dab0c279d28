import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../../../src/application/shared/auth-throttle.js';
import { SendEmailVerification } from '../../../../src/application/links/send-email-verification.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { TEST_APP_URL } from '../../../support/accounts.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { HOUR, type LinkFixture, lastLink, linkFixture, tokenOf } from '../../../support/links/link-fixture.js';

const sendWith = (fixture: LinkFixture) =>
  new SendEmailVerification(fixture.transactions, fixture.linkTokens, fixture.clock, fixture.throttle);

describe('SendEmailVerification', () => {
  it('queues an email-verification message with a new link on APP_URL, valid for 24 hours', async () => {
    const fixture = await linkFixture();

    expect(await sendWith(fixture).execute(1)).to.deep.equal({ kind: 'sent', email: 'ada@example.com' });

    expect(fixture.outbox.queued[0]).to.include({ kind: 'email-verification', to: 'ada@example.com', expiresInMinutes: 1440 });
    const link = lastLink(fixture.outbox.queued, 'email-verification');
    expect(link.startsWith(`${TEST_APP_URL}/email/verify?token=`)).to.equal(true);
    const stored = await fixture.tokens.find('email-verification', cryptoSecretTokens.hashOf(tokenOf(link)), fixture.clock.now());
    expect(stored?.expiresAt).to.equal(fixture.clock.now() + 24 * HOUR);
  });

  it('supersedes the link sent before', async () => {
    const fixture = await linkFixture();
    const older = await fixture.issue('email-verification');
    await sendWith(fixture).execute(1);
    expect(await fixture.verifyEmail().execute({ token: older, request: testRequest() })).to.deep.equal({ kind: 'invalid-token' });
  });

  it('answers already-verified, and sends nothing, for a verified address', async () => {
    const fixture = await linkFixture();
    await fixture.users.markEmailVerified(1);
    expect(await sendWith(fixture).execute(1)).to.deep.equal({ kind: 'already-verified' });
    expect(fixture.outbox.queued).to.deep.equal([]);
  });

  it('answers not-found for a user that is gone', async () => {
    const fixture = await linkFixture();
    expect(await sendWith(fixture).execute(42)).to.deep.equal({ kind: 'not-found' });
  });

  it(`answers throttled after ${DEFAULT_THROTTLE_LIMITS.verificationEmailsPerUser} messages in an hour`, async () => {
    const fixture = await linkFixture();
    const send = sendWith(fixture);
    for (let n = 0; n < DEFAULT_THROTTLE_LIMITS.verificationEmailsPerUser; n++) expect((await send.execute(1)).kind).to.equal('sent');

    expect(await send.execute(1)).to.deep.equal({ kind: 'throttled', retryAfterSeconds: 3600 });
    expect(fixture.outbox.queued).to.have.length(DEFAULT_THROTTLE_LIMITS.verificationEmailsPerUser);
    fixture.clock.advance(HOUR);
    expect((await send.execute(1)).kind).to.equal('sent');
  });
});
