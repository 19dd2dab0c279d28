import { expect } from 'chai';
import { FinishPasskeyLogin } from '../../../../src/application/passkeys/finish-passkey-login.js';
import { FinishPasskeyRegistration } from '../../../../src/application/passkeys/finish-passkey-registration.js';
import { StartPasskeyLogin } from '../../../../src/application/passkeys/start-passkey-login.js';
import { StartPasskeyRegistration } from '../../../../src/application/passkeys/start-passkey-registration.js';
import { Email } from '../../../../src/domain/shared/email.js';
import type { UserId } from '../../../../src/domain/shared/user.js';
import { SimpleWebAuthn } from '../../../../src/infrastructure/passkeys/simple-web-authn.js';
import { TEST_APP_URL } from '../../../support/accounts.js';
import { captureLog } from '../../../support/captured-log.js';
import { noDevices } from '../../../support/passkeys/passkeys.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import { SoftAuthenticator } from '../../../support/passkeys/soft-authenticator.js';
import { ManualClock, testThrottle } from '../../../support/throttle.js';
import { memoryTransactions } from '../../../support/test-container.js';

/** Two users, each with a passkey held by an authenticator of their own, and the login use cases. */
async function twoUsersWithPasskeys() {
  const clock = new ManualClock();
  const transactions = memoryTransactions();
  const { users, passkeys } = transactions.stores;
  const log = captureLog();
  const { events, audit } = testSecurityEvents({ clock, logger: log.logger });
  const webAuthn = new SimpleWebAuthn({ name: 'Gatehouse', appUrl: TEST_APP_URL });
  const start = new StartPasskeyRegistration(users, passkeys, webAuthn, clock);
  const finish = new FinishPasskeyRegistration(passkeys, transactions, webAuthn, clock, events, noDevices());

  async function userWithPasskey(email: string): Promise<{ id: UserId; authenticator: SoftAuthenticator }> {
    const user = await users.create({ email: Email.parse(email) as Email, passwordHash: 'x', phone: null });
    const authenticator = new SoftAuthenticator();
    const started = await start.execute({ userId: user.id });
    if (started.kind !== 'ok') throw new Error('no options');
    const response = authenticator.register(started.optionsJSON);
    const added = await finish.execute({ userId: user.id, pending: started.challenge, response, name: '', request: testRequest() });
    if (added.kind !== 'ok') throw new Error(`not added: ${added.kind}`);
    return { id: user.id, authenticator };
  }

  const ada = await userWithPasskey('ada@example.com');
  const bob = await userWithPasskey('bob@example.com');
  const throttle = testThrottle({}, clock);
  const startLogin = new StartPasskeyLogin(webAuthn, throttle, clock, events);
  const finishLogin = new FinishPasskeyLogin(users, passkeys, webAuthn, throttle, clock, events);

  /** A login answered by `authenticator`, for the expected user (none unless given). */
  async function logIn(authenticator: SoftAuthenticator, expectedUserId: UserId | null = null) {
    const started = await startLogin.execute({ request: testRequest() });
    if (started.kind !== 'ok') throw new Error('throttled');
    const { optionsJSON, challenge } = started;
    return finishLogin.execute({ pending: challenge, response: authenticator.assert(optionsJSON), expectedUserId, request: testRequest() });
  }

  return { ada, bob, users, passkeys, audit, log, clock, throttle, logIn };
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
    const { ada, users, passkeys, clock, throttle } = await twoUsersWithPasskeys();
    const webAuthn = new SimpleWebAuthn({ name: 'Gatehouse', appUrl: TEST_APP_URL });
    const { events } = testSecurityEvents({ clock });
    const finishLogin = new FinishPasskeyLogin(users, passkeys, webAuthn, throttle, clock, events);
    const started = await new StartPasskeyLogin(webAuthn, throttle, clock, events).execute({ request: testRequest() });
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

  it('logs a refused signature as passkey.refused, a warning', async () => {
    const { ada, log, logIn } = await twoUsersWithPasskeys();
    await logIn(ada.authenticator.on('https://evil.example'));
    const line = await log.waitForLine((l) => l.event === 'passkey.refused');
    expect(line).to.include({ level: 'warn', reason: 'passkey-invalid-response', userId: ada.id });
  });
});
