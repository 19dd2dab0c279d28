import { expect } from 'chai';
import { parseRememberCookie } from '../../../../src/application/devices/remember-cookie.js';
import { rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';

describe('ForgetThisDevice', () => {
  it('forgets the token the cookie names when it is the user\'s', async () => {
    const { remember, services, ada, devicesOf } = await rememberFixture();
    const cookie = await remember();
    expect(await services.forgetThisDevice.execute({ userId: ada.id, cookie })).to.deep.equal({ kind: 'forgotten' });
    expect(await devicesOf(ada.id)).to.equal(0);
  });

  it('leaves another user\'s token alone', async () => {
    const { remember, services, ada, grace, devicesOf } = await rememberFixture();
    const graces = await remember(grace.id);
    expect(await services.forgetThisDevice.execute({ userId: ada.id, cookie: graces })).to.deep.equal({ kind: 'none' });
    expect(await devicesOf(grace.id)).to.equal(1);
  });

  it('does nothing without a cookie, or with a malformed one', async () => {
    const { remember, services, ada, devicesOf } = await rememberFixture();
    await remember();
    expect(await services.forgetThisDevice.execute({ userId: ada.id, cookie: undefined })).to.deep.equal({ kind: 'none' });
    expect(await services.forgetThisDevice.execute({ userId: ada.id, cookie: 'x'.repeat(87) })).to.deep.equal({ kind: 'none' });
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

    const { devices } = await services.listRememberedDevices.execute({ userId: ada.id, currentCookie: phone });

    expect(devices.map((device) => [device.sessionHandle, device.thisDevice])).to.deep.equal([
      [sessionHandle('remembered'), false],
      [sessionHandle('phone'), true],
    ]);
    expect(devices[0]?.lastUsedAt).to.equal(clock.now());
    expect(parseRememberCookie(used)).to.not.equal(null);
  });

  it('shows nothing of a device that would log in: no selector, no validator, no hash', async () => {
    const { remember, services, ada } = await rememberFixture();
    await remember();
    const { devices } = await services.listRememberedDevices.execute({ userId: ada.id, currentCookie: undefined });
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
    const { devices } = await services.listRememberedDevices.execute({ userId: ada.id, currentCookie: here });
    const [there, thisOne] = [devices.find((d) => !d.thisDevice), devices.find((d) => d.thisDevice)];

    const forgetThere = await services.forgetDevice.execute({ userId: ada.id, handle: there?.handle ?? '', currentCookie: here });
    const forgetHere = await services.forgetDevice.execute({ userId: ada.id, handle: thisOne?.handle ?? '', currentCookie: here });

    expect(forgetThere).to.deep.equal({ kind: 'forgotten', thisDevice: false });
    expect(forgetHere).to.deep.equal({ kind: 'forgotten', thisDevice: true });
    expect(await devicesOf(ada.id)).to.equal(0);
  });

  it('cannot forget another user\'s device, an unknown handle or one of the wrong shape', async () => {
    const { remember, services, ada, grace, devicesOf } = await rememberFixture();
    await remember(grace.id);
    const [graces] = (await services.listRememberedDevices.execute({ userId: grace.id, currentCookie: undefined })).devices;

    for (const handle of [graces?.handle ?? '', '0'.repeat(32), 'not a handle', `${graces?.handle ?? ''} `]) {
      expect(await services.forgetDevice.execute({ userId: ada.id, handle, currentCookie: undefined })).to.deep.equal({
        kind: 'not-found',
      });
    }
    expect(await devicesOf(grace.id)).to.equal(1);
  });
});
