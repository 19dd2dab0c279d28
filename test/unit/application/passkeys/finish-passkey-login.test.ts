import { expect } from 'chai';
import { FinishPasskeyLogin } from '../../../../src/application/passkeys/finish-passkey-login.js';
import type { UserId } from '../../../../src/domain/shared/user.js';
import { testRequest } from '../../../support/audit/security-events.js';
import type { SoftAuthenticator } from '../../../support/passkeys/soft-authenticator.js';
import { CLIENT_ADDRESS } from '../../../support/throttle.js';
import { passkeysFixture } from './fixture.js';

/** Two users, each with a passkey held by an authenticator of their own, and FinishPasskeyLogin on the container's parts. */
async function twoUsersWithPasskeys() {
  const f = passkeysFixture();
  const ada = await f.userWithPasskey('ada@example.com');
  const bob = await f.userWithPasskey('bob@example.com');
  const finishLogin = new FinishPasskeyLogin(f.users, f.passkeys, f.webAuthn, f.throttle, f.clock, f.events);

  /** A login answered by `authenticator`, for the expected user (none unless given). */
  async function logIn(authenticator: SoftAuthenticator, expectedUserId: UserId | null = null) {
    const started = await f.startLogin.execute({ request: testRequest() });
    if (started.kind !== 'ok') throw new Error('throttled');
    const { optionsJSON, challenge } = started;
    return finishLogin.execute({ pending: challenge, response: authenticator.assert(optionsJSON), expectedUserId, request: testRequest() });
  }

  return { ...f, ada, bob, finishLogin, logIn };
}

describe('FinishPasskeyLogin', () => {
  it("logs in the passkey's owner when no user is expected (a passwordless login)", async () => {
    const { ada, bob, logIn } = await twoUsersWithPasskeys();
    expect(await logIn(ada.authenticator)).to.deep.equal({ kind: 'ok', userId: ada.id });
    expect(await logIn(bob.authenticator)).to.deep.equal({ kind: 'ok', userId: bob.id });
  });

  it('completes a pending login with the expected user\'s passkey', async () => {
    const { ada, logIn } = await twoUsersWithPasskeys();
    expect(await logIn(ada.authenticator, ada.id)).to.deep.equal({ kind: 'ok', userId: ada.id });
  });

  it("refuses another user's passkey for a pending login, and records nothing of a use", async () => {
    const { ada, bob, passkeys, logIn } = await twoUsersWithPasskeys();
    expect(await logIn(bob.authenticator, ada.id)).to.deep.equal({ kind: 'other-user' });
    const [bobs] = await passkeys.listOfUser(bob.id);
    expect(bobs).to.include({ counter: 0, lastUsedAt: null });
  });

  it("records the user's last login on success", async () => {
    const { ada, users, logIn } = await twoUsersWithPasskeys();
    await logIn(ada.authenticator);
    expect((await users.findById(ada.id))?.lastLoginAt).to.be.instanceOf(Date);
  });

  it('refuses a locked account after checking the signature, and puts it on the owner\'s activity', async () => {
    const { ada, users, audit, logIn } = await twoUsersWithPasskeys();
    await users.setLocked(ada.id, true);
    expect(await logIn(ada.authenticator)).to.deep.equal({ kind: 'locked', userId: ada.id });
    const types = (await audit.listOfUser(ada.id, { before: null, limit: 10 })).map((event) => event.type);
    expect(types).to.include('login.failed');
  });

  it('refuses a missing challenge before reading the answer', async () => {
    const { ada, startLogin, finishLogin } = await twoUsersWithPasskeys();
    const started = await startLogin.execute({ request: testRequest() });
    if (started.kind !== 'ok') throw new Error('throttled');
    const { optionsJSON } = started;
    const result = await finishLogin.execute({
      pending: null,
      response: ada.authenticator.assert(optionsJSON),
      expectedUserId: null,
      request: testRequest(),
    });
    expect(result).to.deep.equal({ kind: 'challenge-expired' });
  });

  it("records a success as login.succeeded with method passkey, on the owner's activity", async () => {
    const { ada, audit, eventLines, logIn } = await twoUsersWithPasskeys();
    await logIn(ada.authenticator);
    const lines = eventLines('login.succeeded').map(({ userId, method, ip, requestId, level }) => ({ userId, method, ip, requestId, level }));
    expect(lines).to.deep.equal([{ userId: ada.id, method: 'passkey', ip: CLIENT_ADDRESS, requestId: 'test-request', level: 'info' }]);
    const types = (await audit.listOfUser(ada.id, { before: null, limit: 10 })).map((event) => event.type);
    expect(types).to.include('login.succeeded');
  });

  it('records no success for a refusal', async () => {
    const { ada, bob, eventLines, logIn } = await twoUsersWithPasskeys();
    await logIn(bob.authenticator, ada.id);
    expect(eventLines('login.succeeded')).to.deep.equal([]);
  });

  it('logs a refused signature as passkey.refused, a warning', async () => {
    const { ada, log, logIn } = await twoUsersWithPasskeys();
    await logIn(ada.authenticator.on('https://evil.example'));
    const line = await log.waitForLine((l) => l.event === 'passkey.refused');
    expect(line).to.include({ level: 'warn', reason: 'passkey-invalid-response', userId: ada.id });
  });
});
