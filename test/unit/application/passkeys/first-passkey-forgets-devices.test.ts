import { expect } from 'chai';
import { Email } from '../../../../src/domain/shared/email.js';
import { devicesIds } from '../../../../src/infrastructure/devices/devices-ids.js';
import { rememberOn } from '../../../support/remember-me.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { SoftAuthenticator } from '../../../support/passkeys/soft-authenticator.js';
import { passkeysFixture } from './fixture.js';

/** Ada with two remembered devices, and a way to add her a passkey from the first of them. */
async function adaWithTwoDevices() {
  const { container, clock, transactions, users, startRegistration, finishRegistration } = passkeysFixture();
  const { totp, recoveryCodes } = transactions.stores;
  const tokens = container.get(devicesIds.rememberTokens);
  const ada = await users.create({ email: Email.parse('ada@example.com') as Email, passwordHash: 'x', phone: null });
  const here = await rememberOn(tokens, ada.id, clock.now());
  await rememberOn(tokens, ada.id, clock.now());
  async function addPasskey(): Promise<void> {
    const started = await startRegistration.execute({ userId: ada.id });
    if (started.kind !== 'ok') throw new Error('no options');
    const response = new SoftAuthenticator().register(started.optionsJSON);
    const added = await finishRegistration.execute({
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
