import { expect } from 'chai';
import { BCRYPT_PASSWORD_LIMITS } from '../../../../src/domain/shared/password-policy.js';
import type { SecurityEvents } from '../../../../src/application/shared/ports/security-events.js';
import type { Transactions } from '../../../../src/application/shared/ports/transactions.js';
import { ResetPassword } from '../../../../src/application/links/reset-password.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { ZxcvbnCommonPasswords } from '../../../../src/infrastructure/shared/passwords/zxcvbn-common-passwords.js';
import { HOUR, type LinkFixture, linkFixture, MALFORMED_TOKENS } from '../../../support/links/link-fixture.js';
import { rememberOn } from '../../../support/remember-me.js';
import { storedPasskey } from '../../../support/passkeys/passkeys.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';

import { FakeBreachedPasswords } from '../../../support/passwords/fake-breached-passwords.js';

const NEW_PASSWORD = 'a brand new secret';
const INVALID = { kind: 'invalid-token' };

/** ResetPassword on the fixture's stores, recording into `events` (the fixture's own unless given). */
const resetPasswordOf = (fixture: LinkFixture, parts: { transactions?: Transactions; events?: SecurityEvents } = {}) =>
  new ResetPassword(
    fixture.users, fixture.tokens, parts.transactions ?? fixture.transactions, fixture.linkTokens, fixture.hasher,
    new ZxcvbnCommonPasswords(), fixture.clock, parts.events ?? fixture.events, BCRYPT_PASSWORD_LIMITS,
  );

/** Resets ada's password with this token. */
const resetWith = (fixture: LinkFixture, token: unknown, password = NEW_PASSWORD, events?: SecurityEvents) =>
  resetPasswordOf(fixture, { ...(events && { events }) }).execute({ token, password, request: testRequest() });

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

    expect(await resetWith(fixture, token)).to.deep.equal({ kind: 'ok', userId: 1, secondFactorsRemoved: false });

    const ada = await fixture.users.findById(1);
    expect(ada?.passwordHash).to.equal(`fake$10$${NEW_PASSWORD}`);
    expect(ada?.emailVerified).to.equal(true);
    expect(fixture.outbox.queued).to.deep.equal([{ kind: 'password-changed', to: 'ada@example.com' }]);
  });

  describe('the second factors', () => {
    /** Ada's authenticator app (on), two passkeys, three recovery codes and a remembered device; Bob's passkey and device. */
    async function withSecondFactors(fixture: LinkFixture) {
      const { totp, recoveryCodes, passkeys } = fixture.transactions.stores;
      await totp.savePending(1, 'sealed-ada');
      await totp.enable(1, 'sealed-ada', 1, 0);
      await recoveryCodes.replace(1, ['a'.repeat(64), 'b'.repeat(64), 'c'.repeat(64)]);
      await passkeys.add(storedPasskey(1, 'Laptop'));
      await passkeys.add(storedPasskey(1, 'Phone'));
      await passkeys.add(storedPasskey(2, 'Bob'));
      const now = fixture.clock.now();
      await rememberOn(fixture.rememberTokens, 1, now);
      await rememberOn(fixture.rememberTokens, 2, now);
    }

    /** What is left of someone's second factors and remembered devices. */
    async function leftOf(fixture: LinkFixture, userId: number) {
      const { totp, recoveryCodes, passkeys } = fixture.transactions.stores;
      return {
        totp: (await totp.find(userId)) !== null,
        recoveryCodes: await recoveryCodes.countUnused(userId),
        passkeys: (await passkeys.listOfUser(userId)).map((passkey) => passkey.name),
        rememberedDevices: (await fixture.rememberTokens.listOfUser(userId, fixture.clock.now())).length,
      };
    }

    const ALL_OF_ADA = { authenticatorApp: true, passkeyNames: ['Laptop', 'Phone'], recoveryCodes: 3 };

    it('removes every one added before a reset that first proves the mailbox, and says so in the notice', async () => {
      const fixture = await linkFixture();
      await withSecondFactors(fixture);
      const token = await fixture.issue('password-reset');

      expect(await resetWith(fixture, token)).to.deep.equal({ kind: 'ok', userId: 1, secondFactorsRemoved: true });

      expect(await leftOf(fixture, 1)).to.deep.equal({ totp: false, recoveryCodes: 0, passkeys: [], rememberedDevices: 0 });
      expect(await leftOf(fixture, 2)).to.deep.equal({ totp: false, recoveryCodes: 0, passkeys: ['Bob'], rememberedDevices: 1 });
      expect((await fixture.users.findById(1))?.emailVerified).to.equal(true);
      expect(fixture.outbox.queued).to.deep.equal([
        { kind: 'password-changed', to: 'ada@example.com', secondFactors: { kind: 'removed', factors: ALL_OF_ADA } },
      ]);
    });

    it('removes an authenticator app still being set up, which the notice does not name', async () => {
      const fixture = await linkFixture();
      await fixture.transactions.stores.totp.savePending(1, 'sealed-ada');
      const token = await fixture.issue('password-reset');

      await resetWith(fixture, token);

      expect(await fixture.transactions.stores.totp.find(1)).to.equal(null);
      expect(fixture.outbox.queued).to.deep.equal([{ kind: 'password-changed', to: 'ada@example.com' }]);
    });

    it('keeps them when the address was verified before, and lists them in the notice', async () => {
      const fixture = await linkFixture();
      await withSecondFactors(fixture);
      await fixture.users.markEmailVerified(1);
      const token = await fixture.issue('password-reset');

      expect(await resetWith(fixture, token)).to.deep.equal({ kind: 'ok', userId: 1, secondFactorsRemoved: false });

      // A remembered device is no second factor: every reset forgets them all.
      expect(await leftOf(fixture, 1)).to.deep.equal({ totp: true, recoveryCodes: 3, passkeys: ['Laptop', 'Phone'], rememberedDevices: 0 });
      expect(fixture.outbox.queued).to.deep.equal([
        { kind: 'password-changed', to: 'ada@example.com', secondFactors: { kind: 'kept', factors: ALL_OF_ADA } },
      ]);
    });

    it('removes nothing, and leaves the address unverified, when the notice cannot be queued', async () => {
      const fixture = await linkFixture();
      await withSecondFactors(fixture);
      const token = await fixture.issue('password-reset');
      fixture.outbox.enqueue = () => Promise.reject(new Error('outbox is gone'));

      expect(await resetWith(fixture, token).catch((error: Error) => error.message)).to.equal('outbox is gone');

      expect(await leftOf(fixture, 1)).to.deep.equal({ totp: true, recoveryCodes: 3, passkeys: ['Laptop', 'Phone'], rememberedDevices: 1 });
      expect((await fixture.users.findById(1))?.emailVerified).to.equal(false);
    });
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

  it('refuses a breached password (password-breached): nothing changes and the link still works', async () => {
    const fixture = await linkFixture();
    const token = await fixture.issue('password-reset');
    const breached = new FakeBreachedPasswords([NEW_PASSWORD]);
    const resetPassword = new ResetPassword(
      fixture.users, fixture.tokens, fixture.transactions, fixture.linkTokens, fixture.hasher,
      new ZxcvbnCommonPasswords(), fixture.clock, fixture.events, BCRYPT_PASSWORD_LIMITS, breached,
    );

    expect(await resetPassword.execute({ token, password: NEW_PASSWORD, request: testRequest() })).to.deep.equal({ kind: 'password-breached' });
    expect((await fixture.users.findById(1))?.passwordHash).not.to.equal(`fake$10$${NEW_PASSWORD}`);
    expect(await resetWith(fixture, token, 'yet another secret')).to.deep.include({ kind: 'ok' });
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
    const reset = resetPasswordOf(fixture);

    const results = await Promise.all([
      reset.execute({ token, password: 'first new secret', request: testRequest() }),
      reset.execute({ token, password: 'second new secret', request: testRequest() }),
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
    const reset = resetPasswordOf(fixture, { transactions });

    const token = await fixture.issue('password-reset');
    expect((await reset.execute({ token, password: NEW_PASSWORD, request: testRequest() })).kind).to.equal('ok');
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

  describe('its security events', () => {
    it('records password-reset.succeeded, with the request, on the account\'s activity', async () => {
      const fixture = await linkFixture();
      const events = new RecordedEvents();
      await resetWith(fixture, await fixture.issue('password-reset'), NEW_PASSWORD, events);
      expect(events.recorded).to.deep.equal([{ type: 'password-reset.succeeded', userId: 1, request: testRequest() }]);

      await resetWith(fixture, await fixture.issue('password-reset'));
      const stored = await fixture.audit.listOfUser(1, { before: null, limit: 10 });
      expect(stored.map((event) => event.type)).to.deep.equal(['password-reset.succeeded']);
    });

    it('gives the reason second-factors-removed when the reset took them', async () => {
      const fixture = await linkFixture();
      await fixture.transactions.stores.passkeys.add(storedPasskey(1, 'Laptop'));
      const events = new RecordedEvents();
      await resetWith(fixture, await fixture.issue('password-reset'), NEW_PASSWORD, events);
      expect(events.recorded).to.deep.equal([
        { type: 'password-reset.succeeded', userId: 1, reason: 'second-factors-removed', request: testRequest() },
      ]);
    });

    it('records password-reset.refused for a link that does not work, used or malformed alike', async () => {
      const fixture = await linkFixture();
      const token = await fixture.issue('password-reset');
      await resetWith(fixture, token);
      const events = new RecordedEvents();
      await resetWith(fixture, token, NEW_PASSWORD, events);
      await resetWith(fixture, 'not a token', NEW_PASSWORD, events);
      const refused = { type: 'password-reset.refused', reason: 'invalid-token', request: testRequest() };
      expect(events.recorded).to.deep.equal([refused, refused]);
    });

    it('records nothing for a refused new password, or a reset that could not be saved', async () => {
      const fixture = await linkFixture();
      const token = await fixture.issue('password-reset');
      const events = new RecordedEvents();
      await resetWith(fixture, token, 'short', events);
      fixture.outbox.enqueue = () => Promise.reject(new Error('outbox is gone'));
      await resetWith(fixture, token, NEW_PASSWORD, events).catch(() => undefined);
      expect(events.recorded).to.deep.equal([]);
    });
  });
});
