import { expect } from 'chai';
import type { Transactions } from '../../../../src/application/shared/ports/transactions.js';
import { ResetPassword } from '../../../../src/application/links/reset-password.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { ZxcvbnCommonPasswords } from '../../../../src/infrastructure/shared/passwords/zxcvbn-common-passwords.js';
import { HOUR, type LinkFixture, linkFixture, MALFORMED_TOKENS } from '../../../support/links/link-fixture.js';
import { rememberOn } from '../../../support/remember-me.js';
import { EndSessions } from '../../../../src/application/devices/end-sessions.js';

const NEW_PASSWORD = 'a brand new secret';
const INVALID = { kind: 'invalid-token' };

/** Resets ada's password with this token. */
const resetWith = (fixture: LinkFixture, token: unknown, password = NEW_PASSWORD) =>
  fixture.resetPassword().execute({ token, password });

/** Two sessions of ada (two browsers) and one of another user. */
async function withSessions(fixture: LinkFixture) {
  const expiresAt = Date.now() + HOUR;
  const record = (userId: number) => ({ data: {}, userId, expiresAt, absoluteExpiresAt: expiresAt, device: null });
  await fixture.sessions.insert('ada-laptop', record(fixture.ada.id));
  await fixture.sessions.insert('ada-phone', record(fixture.ada.id));
  await fixture.sessions.insert('bob-laptop', record(2));
}

describe('ResetPassword', () => {
  it('sets the new password (hashed), marks the address verified and queues a password-changed notice', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');

    expect(await resetWith(fixture, token)).to.deep.equal({ kind: 'ok', userId: 1 });

    const ada = await fixture.users.findById(1);
    expect(ada?.passwordHash).to.equal(`fake$10$${NEW_PASSWORD}`);
    expect(ada?.emailVerified).to.equal(true);
    expect(fixture.outbox.queued).to.deep.equal([{ kind: 'password-changed', to: 'ada@example.com' }]);
  });

  it('ends every session of the user, and no one else\'s', async () => {
    const fixture = await linkFixture();
    await withSessions(fixture);
    const token = await fixture.issue('password-reset');

    await resetWith(fixture, token);

    const now = Date.now();
    expect(await fixture.sessions.find('ada-laptop', now)).to.equal(null);
    expect(await fixture.sessions.find('ada-phone', now)).to.equal(null);
    expect(await fixture.sessions.find('bob-laptop', now)).not.to.equal(null);
  });

  it('forgets every remembered device of the user, and no one else\'s', async () => {
    const fixture = await linkFixture();
    const now = Date.now();
    await rememberOn(fixture.rememberTokens, fixture.ada.id, now);
    await rememberOn(fixture.rememberTokens, 2, now);
    const token = await fixture.issue('password-reset');

    await resetWith(fixture, token);

    expect(await fixture.rememberTokens.listOfUser(fixture.ada.id, now)).to.deep.equal([]);
    expect(await fixture.rememberTokens.listOfUser(2, now)).to.have.length(1);
  });

  it('voids every other open link of the user, a pending email change included', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    // A thief who knew the old password asked to move the account to their address.
    const hijack = 'h'.repeat(64);
    await fixture.tokens.issue({ tokenHash: hijack, purpose: 'email-change', userId: 1, newEmail: 'mallory@evil.test', expiresAt: fixture.clock.now() + HOUR });
    const verification = await fixture.issue('email-verification');

    await resetWith(fixture, token);

    expect(await fixture.tokens.find('email-change', hijack, fixture.clock.now())).to.equal(null);
    expect(await fixture.checkLinkToken().execute({ purpose: 'email-verification', token: verification })).to.deep.equal({
      kind: 'invalid',
    });
  });

  it('works once: the same token again is invalid-token and changes nothing', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    await resetWith(fixture, token);

    expect(await resetWith(fixture, token, 'yet another secret')).to.deep.equal(INVALID);
    expect((await fixture.users.findById(1))?.passwordHash).to.equal(`fake$10$${NEW_PASSWORD}`);
  });

  it('gives the token to one of two submissions at once', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    const reset = fixture.resetPassword();

    const results = await Promise.all([
      reset.execute({ token, password: 'first new secret' }),
      reset.execute({ token, password: 'second new secret' }),
    ]);

    expect(results.map((result) => result.kind).sort()).to.deep.equal(['invalid-token', 'ok']);
    expect(fixture.outbox.queued).to.have.length(1);
  });

  it('is invalid-token once the link expired (an hour), and works just before', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');

    fixture.clock.advance(HOUR - 1);
    expect(await fixture.checkLinkToken().execute({ purpose: 'password-reset', token })).to.deep.equal({ kind: 'valid' });
    fixture.clock.advance(1);
    expect(await resetWith(fixture, token)).to.deep.equal(INVALID);
    expect((await fixture.users.findById(1))?.passwordHash).to.equal('fake$10$old password');
  });

  it('is invalid-token for a link superseded by a newer one; the newer one works', async () => {
    const fixture = await linkFixture();
    const older = await fixture.issue('password-reset');
    const newer = await fixture.issue('password-reset');

    expect(await resetWith(fixture, older)).to.deep.equal(INVALID);
    expect((await resetWith(fixture, newer)).kind).to.equal('ok');
  });

  it('is invalid-token for an email verification token, which resets nothing', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('email-verification');
    expect(await resetWith(fixture, token)).to.deep.equal(INVALID);
  });

  it('is invalid-token once the account has another address: the old mailbox opens nothing', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    await fixture.users.changeEmail(1, Email.parse('ada.new@example.com') as Email);

    expect(await resetWith(fixture, token)).to.deep.equal(INVALID);
  });

  it('is invalid-token when the account was deleted', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    await fixture.users.delete(1);
    expect(await resetWith(fixture, token)).to.deep.equal(INVALID);
  });

  for (const [shape, token] of MALFORMED_TOKENS) {
    it(`is invalid-token for a malformed token (${shape}), looked up nowhere and hashing nothing`, async () => {
      const fixture = await linkFixture();
      fixture.tokens.find = () => Promise.reject(new Error('looked up'));

      expect(await resetWith(fixture, token)).to.deep.equal(INVALID);
      expect(fixture.hasher.calls.hash).to.equal(0);
    });
  }

  it('is invalid-token for an unknown well-formed token, without hashing the password', async () => {
    const fixture = await linkFixture();
    expect(await resetWith(fixture, 'A'.repeat(43))).to.deep.equal(INVALID);
    expect(fixture.hasher.calls.hash).to.equal(0);
  });

  for (const [password, kind] of [
    ['short', 'password-too-short'],
    ['x'.repeat(73), 'password-too-long'],
    ['password1', 'password-too-common'],
  ] as const) {
    it(`refuses a new password with ${kind} (the sign-up policy), and the link still works`, async () => {
      const fixture = await linkFixture();
      const token = await fixture.issue('password-reset');

      expect(await resetWith(fixture, token, password)).to.deep.equal({ kind });
      expect((await fixture.users.findById(1))?.passwordHash).to.equal('fake$10$old password');
      expect(fixture.outbox.queued).to.deep.equal([]);
      expect((await resetWith(fixture, token)).kind).to.equal('ok');
    });
  }

  it('hashes the password outside the transaction, which holds the write lock', async () => {
    const fixture = await linkFixture();
    let inTransaction = false;
    const transactions: Transactions = {
      run: async (work) => {
        inTransaction = true;
        try {
          return await fixture.transactions.run(work);
        } finally {
          inTransaction = false;
        }
      },
    };
    const hashedIn: boolean[] = [];
    const hash = fixture.hasher.hash.bind(fixture.hasher);
    fixture.hasher.hash = (password) => {
      hashedIn.push(inTransaction);
      return hash(password);
    };
    const reset = new ResetPassword(
      fixture.users, fixture.tokens, transactions, fixture.linkTokens, fixture.hasher,
      new ZxcvbnCommonPasswords(), new EndSessions(fixture.sessions, fixture.rememberTokens), fixture.clock,
    );

    const token = await fixture.issue('password-reset');
    expect((await reset.execute({ token, password: NEW_PASSWORD })).kind).to.equal('ok');
    expect(hashedIn).to.deep.equal([false]);
  });

  it('keeps the old password and the token when the notice cannot be queued', async () => {
    const fixture = await linkFixture();
    await withSessions(fixture);
    const token = await fixture.issue('password-reset');
    fixture.outbox.enqueue = () => Promise.reject(new Error('outbox is gone'));

    const outcome = await resetWith(fixture, token).catch((error: Error) => error.message);

    expect(outcome).to.equal('outbox is gone');
    expect((await fixture.users.findById(1))?.passwordHash).to.equal('fake$10$old password');
    expect(await fixture.checkLinkToken().execute({ purpose: 'password-reset', token })).to.deep.equal({ kind: 'valid' });
    expect(await fixture.sessions.find('ada-laptop', Date.now())).not.to.equal(null);
  });
});
