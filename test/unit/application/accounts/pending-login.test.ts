import { expect } from 'chai';
import { PENDING_LOGIN_MS, PendingLogins } from '../../../../src/application/accounts/pending-login.js';
import { Email } from '../../../../src/domain/shared/email.js';
import type { User } from '../../../../src/domain/shared/user.js';
import { cryptoCredentialStamps } from '../../../../src/infrastructure/accounts/crypto-credential-stamps.js';
import { ManualClock } from '../../../support/throttle.js';

const ada: User = {
  id: 1,
  email: Email.fromTrusted('ada@example.com'),
  passwordHash: 'hash-1',
  phone: null,
  admin: false,
  emailVerified: true,
  createdAt: new Date(0),
  lockedAt: null,
  lastLoginAt: null,
};

describe('PendingLogins', () => {
  const setUp = () => {
    const clock = new ManualClock();
    return { clock, pendingLogins: new PendingLogins(cryptoCredentialStamps, clock) };
  };

  it('starts a login of the user, stamped once with the password hash, keeping "remember"', () => {
    const { clock, pendingLogins } = setUp();
    const pending = pendingLogins.start(ada, true);
    expect(pending).to.deep.include({ userId: 1, startedAt: clock.now(), remember: true });
    expect(pending.stamp).to.match(/^[0-9a-f]{16}$/).and.to.not.include('hash-1');
  });

  it('reads back what the web kept: live within five minutes, expired after, none for anything else', () => {
    const { clock, pendingLogins } = setUp();
    const kept = JSON.parse(JSON.stringify(pendingLogins.start(ada, false))) as unknown;
    expect(pendingLogins.read(kept)).to.deep.equal(kept);
    clock.advance(PENDING_LOGIN_MS - 1);
    expect(pendingLogins.read(kept)).to.deep.equal(kept);
    clock.advance(1);
    expect(pendingLogins.read(kept)).to.equal('expired');
    for (const junk of [undefined, null, 'x', { userId: 'one', startedAt: 0, remember: false, stamp: '' }]) {
      expect(pendingLogins.read(junk)).to.equal(null);
    }
  });

  it('is live while the password is the one it began with, and over once it changed or the time is up', () => {
    const { clock, pendingLogins } = setUp();
    const pending = pendingLogins.start(ada, false);
    expect(pendingLogins.isLive(pending, ada)).to.equal(true);
    expect(pendingLogins.isLive(pending, { ...ada, passwordHash: 'hash-2' })).to.equal(false);
    // A user gone meanwhile is for the step to refuse.
    expect(pendingLogins.isLive(pending, null)).to.equal(true);
    clock.advance(PENDING_LOGIN_MS);
    expect(pendingLogins.isLive(pending, ada)).to.equal(false);
  });
});
