import { expect } from 'chai';
import { FinishPasskeyRegistration } from '../../../../src/application/passkeys/finish-passkey-registration.js';
import { StartPasskeyRegistration } from '../../../../src/application/passkeys/start-passkey-registration.js';
import { Email } from '../../../../src/domain/shared/email.js';
import { SimpleWebAuthn } from '../../../../src/infrastructure/passkeys/simple-web-authn.js';
import { TEST_APP_URL } from '../../../support/accounts.js';
import { rememberOn } from '../../../support/remember-me.js';
import { testRequest, testSecurityEvents } from '../../../support/audit/security-events.js';
import { SoftAuthenticator } from '../../../support/passkeys/soft-authenticator.js';
import { ManualClock } from '../../../support/throttle.js';
import { memoryTransactions, testContainer } from '../../../support/test-container.js';
import { devicesIds } from '../../../../src/infrastructure/devices/devices-ids.js';
import { SecondFactorMethods } from '../../../../src/application/two-factor/second-factor-methods.js';
import { PasskeyMethod } from '../../../../src/application/passkeys/passkey-method.js';

/** Ada with two remembered devices, and a way to add her a passkey from the first of them. */
async function adaWithTwoDevices() {
  const clock = new ManualClock();
  const built = testContainer({ clock });
  const transactions = memoryTransactions(built);
  const { users, passkeys, totp, recoveryCodes } = transactions.stores;
  const tokens = built.get(devicesIds.rememberTokens);
  const webAuthn = new SimpleWebAuthn({ name: 'Gatehouse', appUrl: TEST_APP_URL });
  const { events } = testSecurityEvents({ clock });
  const endSessions = built.get(devicesIds.endSessions);
  const finish = new FinishPasskeyRegistration(passkeys, transactions, new SecondFactorMethods([new PasskeyMethod(passkeys)]), webAuthn, clock, events, endSessions);
  const ada = await users.create({ email: Email.parse('ada@example.com') as Email, passwordHash: 'x', phone: null });
  const here = await rememberOn(tokens, ada.id, clock.now());
  await rememberOn(tokens, ada.id, clock.now());
  async function addPasskey(): Promise<void> {
    const started = await new StartPasskeyRegistration(users, passkeys, webAuthn, clock).execute({ userId: ada.id });
    if (started.kind !== 'ok') throw new Error('no options');
    const response = new SoftAuthenticator().register(started.optionsJSON);
    const added = await finish.execute({
      userId: ada.id,
      pending: started.challenge,
      response,
      name: '',
      request: testRequest(),
      keepDevice: here.selector,
    });
    if (added.kind !== 'ok') throw new Error(added.kind);
  }
  const remembered = async () => (await tokens.listOfUser(ada.id, clock.now())).length;
  return { ada, totp, recoveryCodes, tokens, clock, addPasskey, remembered };
}

describe('FinishPasskeyRegistration and the remembered devices', () => {
  it('a first passkey with no authenticator app forgets every remembered device but the one asking', async () => {
    const fixture = await adaWithTwoDevices();
    await fixture.addPasskey();
    expect(await fixture.remembered()).to.equal(1);
  });

  it('a second passkey forgets no device', async () => {
    const fixture = await adaWithTwoDevices();
    await fixture.addPasskey();
    await rememberOn(fixture.tokens, fixture.ada.id, fixture.clock.now());
    await fixture.addPasskey();
    expect(await fixture.remembered()).to.equal(2);
  });

  it('a first passkey next to an authenticator app already on forgets no device', async () => {
    const fixture = await adaWithTwoDevices();
    await fixture.totp.savePending(fixture.ada.id, 'sealed');
    await fixture.totp.enable(fixture.ada.id, 'sealed', 1, 0);
    await fixture.addPasskey();
    expect(await fixture.remembered()).to.equal(2);
  });

  it('a first second factor deletes recovery codes left from factors that are gone, so they do not work again', async () => {
    const fixture = await adaWithTwoDevices();
    await fixture.recoveryCodes.replace(fixture.ada.id, ['left-1', 'left-2']);
    await fixture.addPasskey();
    expect(await fixture.recoveryCodes.countUnused(fixture.ada.id)).to.equal(0);
  });

  it('a passkey beside an authenticator app already on keeps its recovery codes', async () => {
    const fixture = await adaWithTwoDevices();
    await fixture.totp.savePending(fixture.ada.id, 'sealed');
    await fixture.totp.enable(fixture.ada.id, 'sealed', 1, 0);
    await fixture.recoveryCodes.replace(fixture.ada.id, ['code-1', 'code-2']);
    await fixture.addPasskey();
    expect(await fixture.recoveryCodes.countUnused(fixture.ada.id)).to.equal(2);
  });
});
