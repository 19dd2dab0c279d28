import { expect } from 'chai';
import { DeleteAccount } from '../../../../src/application/accounts/delete-account.js';
import type { UserId } from '../../../../src/domain/shared/user.js';
import { InMemoryUserRepository } from '../../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { rememberOn } from '../../../support/remember-me.js';
import { ADA_PASSWORD, accountFixture, FIXTURE_FAILURES_PER_EMAIL, type FixtureStores } from '../../../support/accounts/account-fixture.js';
import type { NewAuditEvent } from '../../../../src/application/audit/ports/audit-events.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { accountsIds } from '../../../../src/infrastructure/accounts/accounts-ids.js';
import { RecordedEvents } from '../../../support/audit/recorded-events.js';

/** An event of this user's activity, as the recorder stores one. */
function activity(userId: UserId): NewAuditEvent {
  return { userId, type: 'login.succeeded', actorId: null, ip: '192.0.2.1', userAgent: '', requestId: null, at: 0 };
}

async function setUp(stores: FixtureStores = {}) {
  const fixture = await accountFixture(stores);
  const { check, transactions, ada } = fixture;
  const events = new RecordedEvents();
  const deleteAccount = new DeleteAccount(check, transactions, events);
  const request = testRequest(fixture.address);
  const remove = (userId: UserId, currentPassword: string, confirmed = true) =>
    deleteAccount.execute({ userId, currentPassword, confirmed, request });
  const resetLink = await fixture.issueToken({ purpose: 'password-reset', userId: ada.id, newEmail: null });
  const changeLink = await fixture.issueToken({ purpose: 'email-change', userId: ada.id, newEmail: 'new@example.com' });
  await fixture.audit.append(activity(ada.id));
  const activityOf = async (userId: UserId) => (await fixture.audit.listOfUser(userId, { before: null, limit: 10 })).length;
  /** True when Ada's account, links, activity and sessions are all still there. */
  const adaIsWhole = async () =>
    (await fixture.users.findById(ada.id)) !== null &&
    (await activityOf(ada.id)) === 1 &&
    (await fixture.isLive('password-reset', resetLink)) &&
    (await fixture.isLive('email-change', changeLink)) &&
    (await fixture.liveSessions(ada.id)) === 2;
  return { ...fixture, remove, resetLink, changeLink, adaIsWhole, activityOf, events, request };
}

/** A user store whose deletes fail, as a database error inside the transaction would. */
class FailingDeletes extends InMemoryUserRepository {
  override async delete(): Promise<boolean> {
    throw new Error('database unavailable');
  }
}

describe('DeleteAccount', () => {
  it('removes the user, their links and every session of theirs', async () => {
    const { remove, ada, users, isLive, resetLink, changeLink, liveSessions } = await setUp();

    expect(await remove(ada.id, ADA_PASSWORD)).to.deep.equal({ kind: 'ok' });

    expect(await users.findById(ada.id)).to.equal(null);
    expect(await isLive('password-reset', resetLink)).to.equal(false);
    expect(await isLive('email-change', changeLink)).to.equal(false);
    expect(await liveSessions(ada.id)).to.equal(0);
  });

  it('forgets every remembered device of the user, and no one else\'s', async () => {
    const { remove, ada, addUser, rememberTokens, clock } = await setUp();
    const grace = await addUser('grace@example.com', 'compiler-1952');
    await rememberOn(rememberTokens, ada.id, clock.now());
    await rememberOn(rememberTokens, grace.id, clock.now());

    await remove(ada.id, ADA_PASSWORD);

    expect(await rememberTokens.listOfUser(ada.id, clock.now())).to.deep.equal([]);
    expect(await rememberTokens.listOfUser(grace.id, clock.now())).to.have.length(1);
  });

  it('leaves other users, their activity and their sessions alone', async () => {
    const { remove, ada, addUser, users, liveSessions, audit, activityOf } = await setUp();
    const grace = await addUser('grace@example.com', 'compiler-1952');
    await audit.append(activity(grace.id));

    await remove(ada.id, ADA_PASSWORD);

    expect(await users.findById(grace.id)).to.not.equal(null);
    expect(await liveSessions(grace.id)).to.equal(2);
    expect(await activityOf(grace.id)).to.equal(1);
  });

  it("removes the account's activity with it, on the same transaction", async () => {
    const { remove, ada, activityOf } = await setUp();
    await remove(ada.id, ADA_PASSWORD);
    expect(await activityOf(ada.id)).to.equal(0);
  });

  it('leaves a user who can no longer log in', async () => {
    const { remove, ada, container, address } = await setUp();
    await remove(ada.id, ADA_PASSWORD);
    const logIn = container.get(accountsIds.logIn);
    const login = await logIn.execute({ email: 'ada@example.com', password: ADA_PASSWORD, request: testRequest(address) });
    expect(login).to.deep.equal({ kind: 'invalid-credentials' });
  });

  it('answers not-confirmed without the explicit confirmation, before checking the password', async () => {
    const { remove, ada, adaIsWhole, hasher } = await setUp();
    const verifies = hasher.calls.verify;
    expect(await remove(ada.id, ADA_PASSWORD, false)).to.deep.equal({ kind: 'not-confirmed' });
    expect(await adaIsWhole()).to.equal(true);
    expect(hasher.calls.verify).to.equal(verifies);
  });

  it('asks for the current password first when it is left empty', async () => {
    const { remove, ada, adaIsWhole } = await setUp();
    expect(await remove(ada.id, '', false)).to.deep.equal({ kind: 'current-password-missing' });
    expect(await adaIsWhole()).to.equal(true);
  });

  it('refuses a wrong current password, deleting nothing', async () => {
    const { remove, ada, adaIsWhole } = await setUp();
    expect(await remove(ada.id, 'guess')).to.deep.equal({ kind: 'wrong-password' });
    expect(await adaIsWhole()).to.equal(true);
  });

  it('refuses the last administrator, deleting nothing', async () => {
    const { remove, ada, users, adaIsWhole } = await setUp();
    await users.setAdmin(ada.id, true);

    expect(await remove(ada.id, ADA_PASSWORD)).to.deep.equal({ kind: 'last-admin' });
    expect(await adaIsWhole()).to.equal(true);
  });

  it('lets an administrator go while another remains, and then refuses the one left', async () => {
    const { remove, ada, users, addUser } = await setUp();
    const grace = await addUser('grace@example.com', 'compiler-1952');
    await users.setAdmin(ada.id, true);
    await users.setAdmin(grace.id, true);

    expect(await remove(ada.id, ADA_PASSWORD)).to.deep.equal({ kind: 'ok' });
    expect(await remove(grace.id, 'compiler-1952')).to.deep.equal({ kind: 'last-admin' });
  });

  it('lets a member go while a single administrator remains', async () => {
    const { remove, ada, users, addUser } = await setUp();
    const grace = await addUser('grace@example.com', 'compiler-1952');
    await users.setAdmin(grace.id, true);
    expect(await remove(ada.id, ADA_PASSWORD)).to.deep.equal({ kind: 'ok' });
  });

  it('keeps the user, links and sessions when the deletion fails half-way', async () => {
    const { remove, ada, adaIsWhole } = await setUp({ users: new FailingDeletes() });

    let caught: unknown;
    await remove(ada.id, ADA_PASSWORD).catch((error: unknown) => (caught = error));

    expect((caught as Error).message).to.equal('database unavailable');
    expect(await adaIsWhole()).to.equal(true);
  });

  it('answers not-found for a user deleted meanwhile', async () => {
    const { remove, ada, users } = await setUp();
    await users.delete(ada.id);
    expect(await remove(ada.id, ADA_PASSWORD)).to.deep.equal({ kind: 'not-found' });
  });

  describe('its security events', () => {
    it('records account.deleted, with the request, once the account is gone', async () => {
      const { remove, ada, events, request } = await setUp();
      await remove(ada.id, ADA_PASSWORD);
      expect(events.recorded).to.deep.equal([{ type: 'account.deleted', userId: ada.id, request }]);
    });

    it('records account.refused for the last administrator, and for a wrong current password', async () => {
      const { remove, ada, users, events, request } = await setUp();
      await users.setAdmin(ada.id, true);
      await remove(ada.id, ADA_PASSWORD);
      await remove(ada.id, 'guess');
      expect(events.recorded).to.deep.equal([
        { type: 'account.refused', userId: ada.id, reason: 'last-admin', request },
        { type: 'account.refused', userId: ada.id, reason: 'wrong-password', request },
      ]);
    });

    it('records account.refused with the reason throttled once the throttle keeps the password from being checked', async () => {
      const { remove, ada, events } = await setUp();
      for (let n = 0; n < FIXTURE_FAILURES_PER_EMAIL; n += 1) await remove(ada.id, 'guess');
      expect(await remove(ada.id, ADA_PASSWORD)).to.include({ kind: 'throttled' });
      expect(events.recorded.at(-1)).to.include({ type: 'account.refused', reason: 'throttled' });
    });

    it('records nothing without the confirmation, with an empty password, for an account that is gone, or when the deletion fails', async () => {
      const { remove, ada, users, events } = await setUp();
      await remove(ada.id, ADA_PASSWORD, false);
      await remove(ada.id, '');
      await users.delete(ada.id);
      await remove(ada.id, ADA_PASSWORD);
      expect(events.recorded).to.deep.equal([]);

      const failing = await setUp({ users: new FailingDeletes() });
      await failing.remove(failing.ada.id, ADA_PASSWORD).catch(() => undefined);
      expect(failing.events.recorded).to.deep.equal([]);
    });
  });
});
