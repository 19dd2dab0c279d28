import { expect } from 'chai';
import { BCRYPT_PASSWORD_LIMITS } from '../../../../src/domain/shared/password-policy.js';
import { ChangePassword } from '../../../../src/application/accounts/change-password.js';
import { rememberOn } from '../../../support/remember-me.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';
import { ZxcvbnCommonPasswords } from '../../../../src/infrastructure/shared/passwords/zxcvbn-common-passwords.js';
import {
  ADA_PASSWORD,
  accountFixture,
  FailingOutbox,
  FIXTURE_FAILURES_PER_EMAIL,
  type FixtureStores,
} from '../../../support/accounts/account-fixture.js';

import { FakeBreachedPasswords } from '../../../support/passwords/fake-breached-passwords.js';

const NEW_PASSWORD = 'difference-engine';

async function setUp(stores: FixtureStores = {}) {
  const fixture = await accountFixture(stores);
  const { check, hasher, transactions, clock, ada } = fixture;
  const events = new RecordedEvents();
  const changePassword = new ChangePassword(
    check, hasher, new ZxcvbnCommonPasswords(), transactions, clock, events, BCRYPT_PASSWORD_LIMITS,
  );
  const resetLink = await fixture.issueToken({ purpose: 'password-reset', userId: ada.id, newEmail: null });
  const request = testRequest(fixture.address);
  const change = (currentPassword: string, newPassword = NEW_PASSWORD) =>
    changePassword.execute({ userId: ada.id, currentPassword, newPassword, request });
  /** True when Ada's stored hash still takes this password. */
  const takes = async (password: string) =>
    hasher.verify(password, (await fixture.users.findById(ada.id))?.passwordHash ?? null);
  return { ...fixture, changePassword, change, takes, resetLink, events, request };
}

describe('ChangePassword', () => {
  it('stores the new password, which the old one no longer opens', async () => {
    const { change, takes } = await setUp();

    expect(await change(ADA_PASSWORD)).to.deep.equal({ kind: 'ok' });
    expect(await takes(NEW_PASSWORD)).to.equal(true);
    expect(await takes(ADA_PASSWORD)).to.equal(false);
  });

  it('refuses a breached new password (password-breached) before checking the current one, keeping the old password', async () => {
    const fixture = await setUp();
    const breached = new FakeBreachedPasswords([NEW_PASSWORD]);
    const { check, hasher, transactions, clock, events, ada, request } = fixture;
    const changePassword = new ChangePassword(
      check, hasher, new ZxcvbnCommonPasswords(), transactions, clock, events, BCRYPT_PASSWORD_LIMITS, breached,
    );

    const result = await changePassword.execute({ userId: ada.id, currentPassword: ADA_PASSWORD, newPassword: NEW_PASSWORD, request });

    expect(result).to.deep.equal({ kind: 'password-breached' });
    expect(await fixture.takes(ADA_PASSWORD)).to.equal(true);
    expect(events.recorded).to.deep.equal([]);
  });

  it('voids every outstanding link of the user: reset, verification and a pending email change', async () => {
    const { change, isLive, resetLink, issueToken, addUser, ada } = await setUp();
    const verification = await issueToken({ purpose: 'email-verification', userId: ada.id, newEmail: null });
    // A thief who knew the old password asked to move the account to their address.
    const hijack = await issueToken({ purpose: 'email-change', userId: ada.id, newEmail: 'mallory@evil.test' });
    const grace = await addUser('grace@example.com', 'compiler-1952');
    const gracesLink = await issueToken({ purpose: 'password-reset', userId: grace.id, newEmail: null });

    await change(ADA_PASSWORD);

    expect(await isLive('password-reset', resetLink)).to.equal(false);
    expect(await isLive('email-verification', verification)).to.equal(false);
    expect(await isLive('email-change', hijack)).to.equal(false);
    expect(await isLive('password-reset', gracesLink)).to.equal(true);
  });

  it('queues a "password changed" notice to the owner', async () => {
    const { change, outbox } = await setUp();
    await change(ADA_PASSWORD);
    expect(outbox.queued).to.deep.equal([{ kind: 'password-changed', to: 'ada@example.com' }]);
  });

  it('ends every session of the user and no one else\'s', async () => {
    const { change, liveSessions, addUser, ada } = await setUp();
    const grace = await addUser('grace@example.com', 'compiler-1952');

    await change(ADA_PASSWORD);

    expect(await liveSessions(ada.id)).to.equal(0);
    expect(await liveSessions(grace.id)).to.equal(2);
  });

  it('keeps the remembered device it was changed on, and forgets every other one of the user\'s only', async () => {
    const { changePassword, rememberTokens, addUser, ada, clock, request } = await setUp();
    const grace = await addUser('grace@example.com', 'compiler-1952');
    const here = await rememberOn(rememberTokens, ada.id, clock.now());
    await rememberOn(rememberTokens, ada.id, clock.now());
    await rememberOn(rememberTokens, grace.id, clock.now());

    await changePassword.execute({
      userId: ada.id,
      currentPassword: ADA_PASSWORD,
      newPassword: NEW_PASSWORD,
      request,
      keepDevice: here.selector,
    });

    const kept = await rememberTokens.listOfUser(ada.id, clock.now());
    expect(kept.map((token) => token.selector)).to.deep.equal([here.selector]);
    expect(await rememberTokens.listOfUser(grace.id, clock.now())).to.have.length(1);
  });

  it('forgets every remembered device of the user when changed from a device with none', async () => {
    const { change, rememberTokens, ada, clock } = await setUp();
    await rememberOn(rememberTokens, ada.id, clock.now());

    await change(ADA_PASSWORD);

    expect(await rememberTokens.listOfUser(ada.id, clock.now())).to.deep.equal([]);
  });

  for (const [password, kind] of [
    ['seven-7', 'password-too-short'],
    ['é'.repeat(37), 'password-too-long'],
    ['password1', 'password-too-common'],
  ] as const) {
    it(`refuses a new password with ${kind}, changing nothing and costing no throttle attempt`, async () => {
      const { change, takes, outbox, counter, clock, liveSessions, ada } = await setUp();

      expect(await change(ADA_PASSWORD, password)).to.deep.equal({ kind });
      expect(await takes(ADA_PASSWORD)).to.equal(true);
      expect(outbox.queued).to.deep.equal([]);
      expect(await liveSessions(ada.id)).to.equal(2);
      expect(await counter.get('login:email:ada@example.com', clock.now())).to.equal(null);
    });
  }

  it('refuses a wrong current password, changing nothing', async () => {
    const { change, takes, outbox, liveSessions, ada } = await setUp();

    expect(await change('not-my-password')).to.deep.equal({ kind: 'wrong-password' });
    expect(await takes(ADA_PASSWORD)).to.equal(true);
    expect(outbox.queued).to.deep.equal([]);
    expect(await liveSessions(ada.id)).to.equal(2);
  });

  it('asks for an empty current password first, whatever the new one', async () => {
    const { change } = await setUp();
    expect(await change('')).to.deep.equal({ kind: 'current-password-missing' });
    expect(await change('', 'short')).to.deep.equal({ kind: 'current-password-missing' });
  });

  it("refuses the account's own words (password-context-word) once the current password is right, storing nothing", async () => {
    const { change, takes, events } = await setUp();

    expect((await change('guess', 'example-engine-7946')).kind).to.equal('wrong-password');
    expect(await change(ADA_PASSWORD, 'example-engine-1843')).to.deep.equal({ kind: 'password-context-word' });
    expect(await change(ADA_PASSWORD, 'engine-7946-rooms')).to.deep.equal({ kind: 'password-context-word' });
    expect(await takes(ADA_PASSWORD)).to.equal(true);
    expect(events.recorded.map((event) => event.type)).to.deep.equal(['account.refused']);
  });

  it('answers the throttle after too many wrong current passwords', async () => {
    const { change } = await setUp();
    for (let n = 0; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await change('guess');
    expect((await change(ADA_PASSWORD)).kind).to.equal('throttled');
  });

  it('saves nothing when the transaction fails: old hash, reset link and sessions all stay', async () => {
    const { change, takes, isLive, resetLink, liveSessions, ada } = await setUp({ outbox: new FailingOutbox() });

    let caught: unknown;
    await change(ADA_PASSWORD).catch((error: unknown) => (caught = error));

    expect((caught as Error).message).to.equal('outbox unavailable');
    expect(await takes(ADA_PASSWORD)).to.equal(true);
    expect(await isLive('password-reset', resetLink)).to.equal(true);
    expect(await liveSessions(ada.id)).to.equal(2);
  });

  it('answers not-found when the user was deleted meanwhile', async () => {
    const { change, users, ada, events } = await setUp();
    await users.delete(ada.id);
    expect(await change(ADA_PASSWORD)).to.deep.equal({ kind: 'not-found' });
    expect(events.recorded).to.deep.equal([]);
  });

  describe('its security events', () => {
    it('records account.password-changed, with the request, once the change is saved', async () => {
      const { change, events, ada, request } = await setUp();
      await change(ADA_PASSWORD);
      expect(events.recorded).to.deep.equal([{ type: 'account.password-changed', userId: ada.id, request }]);
    });

    it('records account.refused for a wrong current password, and for one the throttle kept from being checked', async () => {
      const { change, events, ada, request } = await setUp();
      for (let n = 0; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await change('guess');
      await change(ADA_PASSWORD);
      const refused = (reason: string) => ({ type: 'account.refused', userId: ada.id, reason, request });
      expect(events.recorded).to.deep.equal([
        ...Array.from({ length: FIXTURE_FAILURES_PER_EMAIL }, () => refused('wrong-password')),
        refused('throttled'),
      ]);
    });

    it('records nothing for an empty current password or a refused new one', async () => {
      const { change, events } = await setUp();
      await change('');
      await change(ADA_PASSWORD, 'password1');
      expect(events.recorded).to.deep.equal([]);
    });

    it('records nothing when the change could not be saved', async () => {
      const { change, events } = await setUp({ outbox: new FailingOutbox() });
      await change(ADA_PASSWORD).catch(() => undefined);
      expect(events.recorded).to.deep.equal([]);
    });
  });
});
