import { expect } from 'chai';
import { FinishPasskeyLogin } from '../../../../src/application/passkeys/finish-passkey-login.js';
import { FinishPasskeyRegistration } from '../../../../src/application/passkeys/finish-passkey-registration.js';
import { StartPasskeyRegistration } from '../../../../src/application/passkeys/start-passkey-registration.js';
import { FinishPasskeySecondFactor } from '../../../../src/application/passkeys/finish-passkey-second-factor.js';
import { StartPasskeySecondFactor } from '../../../../src/application/passkeys/start-passkey-second-factor.js';
import { GetSecondFactors } from '../../../../src/application/two-factor/get-second-factors.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { InMemoryRecoveryCodes } from '../../../../src/infrastructure/two-factor/in-memory-recovery-codes.js';
import { InMemoryTotpCredentials } from '../../../../src/infrastructure/two-factor/in-memory-totp-credentials.js';
import { SimpleWebAuthn } from '../../../../src/infrastructure/passkeys/simple-web-authn.js';
import { TEST_APP_URL } from '../../../support/accounts.js';
import { noDevices } from '../../../support/passkeys/passkeys.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import { SoftAuthenticator } from '../../../support/passkeys/soft-authenticator.js';
import { ManualClock, testThrottle } from '../../../support/throttle.js';
import { memoryTransactions } from '../../../support/test-container.js';
import { SecondFactorMethods } from '../../../../src/application/two-factor/second-factor-methods.js';
import { PasskeyMethod } from '../../../../src/application/passkeys/passkey-method.js';
import { PendingLogins } from '../../../../src/application/accounts/pending-login.js';
import type { User } from '../../../../src/domain/shared/user.js';
import { cryptoCredentialStamps } from '../../../../src/infrastructure/accounts/crypto-credential-stamps.js';

/** Ada (user 1) with one passkey, Bob (user 2) with none, and the second factor's use cases. */
async function adaWithPasskey() {
  const clock = new ManualClock();
  const transactions = memoryTransactions();
  const { users, passkeys } = transactions.stores;
  const { events } = testSecurityEvents({ clock });
  const webAuthn = new SimpleWebAuthn({ name: 'Gatehouse', appUrl: TEST_APP_URL });
  const ada = await users.create({ email: Email.parse('ada@example.com') as Email, passwordHash: 'x', phone: null });
  const bob = await users.create({ email: Email.parse('bob@example.com') as Email, passwordHash: 'x', phone: null });
  const authenticator = new SoftAuthenticator();
  const started = await new StartPasskeyRegistration(users, passkeys, webAuthn, clock).execute({ userId: ada.id });
  if (started.kind !== 'ok') throw new Error('no options');
  const added = await new FinishPasskeyRegistration(passkeys, transactions, new SecondFactorMethods([new PasskeyMethod(passkeys)]), webAuthn, clock, events, noDevices()).execute({
    userId: ada.id,
    pending: started.challenge,
    response: authenticator.register(started.optionsJSON),
    name: '',
    request: testRequest(),
  });
  if (added.kind !== 'ok') throw new Error(added.kind);
  const throttle = testThrottle({}, clock);
  const pendingLogins = new PendingLogins(cryptoCredentialStamps, clock);
  return {
    ada,
    bob,
    users,
    passkeys,
    authenticator,
    throttle,
    pendingLogins,
    login: (user: User) => pendingLogins.start(user, false),
    start: new StartPasskeySecondFactor(users, passkeys, webAuthn, throttle, pendingLogins, clock, events),
    finish: new FinishPasskeyLogin(users, passkeys, webAuthn, throttle, clock, events),
    events,
    secondFactors: new GetSecondFactors(new InMemoryTotpCredentials(), new InMemoryRecoveryCodes(), new SecondFactorMethods([new PasskeyMethod(passkeys)])),
  };
}

describe('StartPasskeySecondFactor', () => {
  it("lists the user's own passkeys in allowCredentials, with user verification required", async () => {
    const f = await adaWithPasskey();
    const result = await f.start.execute({ login: f.login(f.ada), request: testRequest() });
    if (result.kind !== 'ok') throw new Error(result.kind);
    const [passkey] = await f.passkeys.listOfUser(f.ada.id);
    expect(result.optionsJSON).to.include({ userVerification: 'required', challenge: result.challenge.challenge });
    expect(result.optionsJSON.allowCredentials).to.deep.equal([{ id: passkey?.credentialId, type: 'public-key', transports: ['internal'] }]);
  });

  it('is unavailable to a user with no passkey, a locked user and a deleted one', async () => {
    const f = await adaWithPasskey();
    expect(await f.start.execute({ login: f.login(f.bob), request: testRequest() })).to.deep.equal({ kind: 'unavailable' });
    await f.users.setLocked(f.ada.id, true);
    expect(await f.start.execute({ login: f.login(f.ada), request: testRequest() })).to.deep.equal({ kind: 'unavailable' });
    expect(await f.start.execute({ login: { ...f.login(f.ada), userId: 99 }, request: testRequest() })).to.deep.equal({ kind: 'unavailable' });
  });

  it("counts options per address only: the 21st is throttled, and the user's budget is untouched", async () => {
    const f = await adaWithPasskey();
    const begin = () => f.start.execute({ login: f.login(f.ada), request: testRequest() });
    for (let i = 0; i < 20; i++) expect((await begin()).kind).to.equal('ok');
    expect((await begin()).kind).to.equal('throttled');
    expect((await f.throttle.attemptSecondFactor(f.ada.id, testRequest().ip)).kind).to.equal('allowed');
  });
});

describe('FinishPasskeySecondFactor', () => {
  it("counts each answer against the user's second-factor budget: the sixth is throttled, a right answer gives it back", async () => {
    const f = await adaWithPasskey();
    const finish = new FinishPasskeySecondFactor(f.users, f.pendingLogins, f.throttle, f.finish, f.events);
    const answer = async (right: boolean) => {
      const started = await f.start.execute({ login: f.login(f.ada), request: testRequest() });
      if (started.kind !== 'ok') throw new Error(started.kind);
      const response = right ? f.authenticator.assert(started.optionsJSON) : { id: 'made-up' };
      return finish.execute({ pending: started.challenge, response, login: f.login(f.ada), request: testRequest() });
    };
    for (let i = 0; i < 4; i++) expect((await answer(false)).kind).to.equal('invalid-response');
    expect(await answer(true)).to.deep.equal({ kind: 'ok', userId: f.ada.id });
    // The user's count was cleared by the right answer: five more are checked, the sixth is not.
    for (let i = 0; i < 5; i++) expect((await answer(false)).kind).to.equal('invalid-response');
    expect((await answer(true)).kind).to.equal('throttled');
  });
});

describe('GetSecondFactors with passkeys', () => {
  it('counts passkeys: a user with only a passkey has a second factor', async () => {
    const f = await adaWithPasskey();
    expect(await f.secondFactors.execute(f.ada.id)).to.deep.equal({ totp: false, recoveryCodesLeft: 0, passkeys: 1 });
    expect(await f.secondFactors.execute(f.bob.id)).to.deep.equal({ totp: false, recoveryCodesLeft: 0, passkeys: 0 });
  });
});
