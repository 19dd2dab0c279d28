import { expect } from 'chai';
import { DEFAULT_THROTTLE_LIMITS } from '../../../../src/application/shared/auth-throttle.js';
import { AuthorizeVerifiedEmail } from '../../../../src/application/links/authorize-verified-email.js';
import { SendEmailVerification } from '../../../../src/application/links/send-email-verification.js';
import { VerifyEmail } from '../../../../src/application/links/verify-email.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { cryptoSecretTokens } from '../../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { TEST_APP_URL } from '../../../support/accounts.js';
import { HOUR, type LinkFixture, lastLink, linkFixture, MALFORMED_TOKENS, tokenOf } from '../../../support/links/link-fixture.js';

const verifyWith = (fixture: LinkFixture) => new VerifyEmail(fixture.transactions, fixture.linkTokens, fixture.clock);
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
    expect(await verifyWith(fixture).execute({ token: older })).to.deep.equal({ kind: 'invalid-token' });
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

describe('VerifyEmail', () => {
  it('marks the address verified with the link sent to it', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');

    expect(await verifyWith(fixture).execute({ token })).to.deep.equal({ kind: 'ok', userId: 1 });
    expect((await fixture.users.findById(1))?.emailVerified).to.equal(true);
  });

  it('works once', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');
    await verifyWith(fixture).execute({ token });
    expect(await verifyWith(fixture).execute({ token })).to.deep.equal({ kind: 'invalid-token' });
  });

  it('is invalid-token after 24 hours, and verifies nothing', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');
    fixture.clock.advance(24 * HOUR);
    expect(await verifyWith(fixture).execute({ token })).to.deep.equal({ kind: 'invalid-token' });
    expect((await fixture.users.findById(1))?.emailVerified).to.equal(false);
  });

  it('is invalid-token for a password reset token', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    expect(await verifyWith(fixture).execute({ token })).to.deep.equal({ kind: 'invalid-token' });
    expect((await fixture.users.findById(1))?.emailVerified).to.equal(false);
  });

  it('does not verify an address the link was not sent to', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');
    await fixture.users.changeEmail(1, Email.parse('ada.new@example.com') as Email);
    expect(await verifyWith(fixture).execute({ token })).to.deep.equal({ kind: 'invalid-token' });
  });

  for (const [shape, token] of MALFORMED_TOKENS) {
    it(`is invalid-token for a malformed token (${shape}), looked up nowhere`, async () => {
      const fixture = await linkFixture();
      fixture.tokens.consume = () => Promise.reject(new Error('looked up'));
      expect(await verifyWith(fixture).execute({ token })).to.deep.equal({ kind: 'invalid-token' });
    });
  }
});

describe('CheckLinkToken', () => {
  it('says valid for a live link without using it, as often as asked', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    const check = fixture.checkLinkToken();

    expect(await check.execute({ purpose: 'password-reset', token })).to.deep.equal({ kind: 'valid' });
    expect(await check.execute({ purpose: 'password-reset', token })).to.deep.equal({ kind: 'valid' });
    expect((await fixture.resetPassword().execute({ token, password: 'a brand new secret' })).kind).to.equal('ok');
  });

  it('says invalid for a used, expired, unknown or other-purpose token alike', async () => {
    const fixture = await linkFixture();
    const check = fixture.checkLinkToken();
    const used = await fixture.issue('email-verification');
    await verifyWith(fixture).execute({ token: used });
    const expired = await fixture.issue('password-reset');
    fixture.clock.advance(HOUR);

    for (const [purpose, token] of [
      ['email-verification', used],
      ['password-reset', expired],
      ['password-reset', 'B'.repeat(43)],
      ['email-verification', await fixture.issue('password-reset')],
    ] as const) {
      expect(await check.execute({ purpose, token }), `${purpose} ${token}`).to.deep.equal({ kind: 'invalid' });
    }
  });

  for (const [shape, token] of MALFORMED_TOKENS) {
    it(`says invalid for a malformed token (${shape}), looked up nowhere`, async () => {
      const fixture = await linkFixture();
      fixture.tokens.find = () => Promise.reject(new Error('looked up'));
      expect(await fixture.checkLinkToken().execute({ purpose: 'password-reset', token })).to.deep.equal({ kind: 'invalid' });
    });
  }
});

describe('AuthorizeVerifiedEmail', () => {
  it('allows everyone, reading nothing, when verification is optional', async () => {
    const users = new InMemoryUserRepository();
    users.findById = () => Promise.reject(new Error('read'));
    expect(await new AuthorizeVerifiedEmail(users, 'optional').execute(1)).to.deep.equal({ kind: 'allowed' });
  });

  it('when required, refuses an unverified or missing user and allows a verified one, read afresh', async () => {
    const fixture = await linkFixture();
    const authorize = new AuthorizeVerifiedEmail(fixture.users, 'required');

    expect(await authorize.execute(1)).to.deep.equal({ kind: 'unverified' });
    expect(await authorize.execute(42)).to.deep.equal({ kind: 'unverified' });
    await fixture.users.markEmailVerified(1);
    expect(await authorize.execute(1)).to.deep.equal({ kind: 'allowed' });
  });
});
