import { expect } from 'chai';
import { REMEMBERED_REQUEST, rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';

describe('ForgetThisDevice', () => {
  it('forgets the token the key names when it is the user\'s', async () => {
    const { remember, services, ada, devicesOf } = await rememberFixture();
    const key = await remember();
    expect(await services.forgetThisDevice.execute({ userId: ada.id, key })).to.deep.equal({ kind: 'forgotten' });
    expect(await devicesOf(ada.id)).to.equal(0);
  });

  it('leaves another user\'s token alone', async () => {
    const { remember, services, ada, grace, devicesOf } = await rememberFixture();
    const graces = await remember(grace.id);
    expect(await services.forgetThisDevice.execute({ userId: ada.id, key: graces })).to.deep.equal({ kind: 'none' });
    expect(await devicesOf(grace.id)).to.equal(1);
  });

  it('does nothing without a key, or with a malformed one', async () => {
    const { remember, services, ada, devicesOf } = await rememberFixture();
    await remember();
    expect(await services.forgetThisDevice.execute({ userId: ada.id, key: null })).to.deep.equal({ kind: 'none' });
    expect(await services.forgetThisDevice.execute({ userId: ada.id, key: { selector: 'x'.repeat(43), validator: '' } })).to.deep.equal({ kind: 'none' });
    expect(await devicesOf(ada.id)).to.equal(1);
  });
});

describe('ListRememberedDevices', () => {
  it('lists the user\'s live devices, the most recently used first, marking the one that asks', async () => {
    const { remember, rotate, services, ada, grace, clock } = await rememberFixture();
    const laptop = await remember(ada.id, sessionHandle('laptop'));
    const phone = await remember(ada.id, sessionHandle('phone'));
    await remember(grace.id);
    clock.advance(60_000);
    const used = await rotate(laptop);

    const { devices } = await services.listRememberedDevices.execute({ userId: ada.id, currentKey: phone });

    expect(devices.map((device) => [device.sessionHandle, device.thisDevice])).to.deep.equal([
      [sessionHandle('remembered'), false],
      [sessionHandle('phone'), true],
    ]);
    expect(devices[0]?.lastUsedAt).to.equal(clock.now());
    expect(used.selector).to.equal(laptop.selector);
  });

  it('shows nothing of a device that would log in: no selector, no validator, no hash', async () => {
    const { remember, services, ada } = await rememberFixture();
    await remember();
    const { devices } = await services.listRememberedDevices.execute({ userId: ada.id, currentKey: null });
    expect(Object.keys(devices[0] ?? {}).sort()).to.deep.equal(
      ['createdAt', 'expiresAt', 'handle', 'ip', 'lastUsedAt', 'sessionHandle', 'thisDevice', 'userAgent'].sort(),
    );
  });
});

describe('ForgetDevice', () => {
  it('forgets one of the user\'s devices by its handle, and says whether it was the one that asks', async () => {
    const { remember, services, ada, devicesOf } = await rememberFixture();
    const here = await remember(ada.id, sessionHandle('here'));
    await remember(ada.id, sessionHandle('there'));
    const { devices } = await services.listRememberedDevices.execute({ userId: ada.id, currentKey: here });
    const [there, thisOne] = [devices.find((d) => !d.thisDevice), devices.find((d) => d.thisDevice)];

    const forgetThere = await services.forgetDevice.execute({ userId: ada.id, handle: there?.handle ?? '', currentKey: here });
    const forgetHere = await services.forgetDevice.execute({ userId: ada.id, handle: thisOne?.handle ?? '', currentKey: here });

    expect(forgetThere).to.deep.equal({ kind: 'forgotten', thisDevice: false });
    expect(forgetHere).to.deep.equal({ kind: 'forgotten', thisDevice: true });
    expect(await devicesOf(ada.id)).to.equal(0);
  });

  it('cannot forget another user\'s device, an unknown handle or one of the wrong shape', async () => {
    const { remember, services, ada, grace, devicesOf } = await rememberFixture();
    await remember(grace.id);
    const [graces] = (await services.listRememberedDevices.execute({ userId: grace.id, currentKey: null })).devices;

    for (const handle of [graces?.handle ?? '', '0'.repeat(32), 'not a handle', `${graces?.handle ?? ''} `]) {
      expect(await services.forgetDevice.execute({ userId: ada.id, handle, currentKey: null })).to.deep.equal({
        kind: 'not-found',
      });
    }
    expect(await devicesOf(grace.id)).to.equal(1);
  });

  it('records a forgotten device as session.revoked, and a refusal as session.revoke-refused, with the request', async () => {
    const { remember, services, ada, events } = await rememberFixture();
    await remember();
    const [device] = (await services.listRememberedDevices.execute({ userId: ada.id, currentKey: null })).devices;

    await services.forgetDevice.execute({ userId: ada.id, handle: device?.handle ?? '', currentKey: null, request: REMEMBERED_REQUEST });
    await services.forgetDevice.execute({ userId: ada.id, handle: 'not a handle', currentKey: null });

    expect(events).to.deep.equal([
      { type: 'session.revoked', userId: ada.id, reason: 'remembered-device', request: REMEMBERED_REQUEST },
      { type: 'session.revoke-refused', userId: ada.id, reason: 'remembered-device-not-found' },
    ]);
  });
});
