import { expect } from 'chai';
import { rememberFixture, sessionHandle } from '../../../support/devices/remember-fixture.js';

describe('EndSessions', () => {
  it('ends every session of a user and forgets every remembered device, and no one else\'s', async () => {
    const { remember, endSessions, ada, grace, hasSession, devicesOf } = await rememberFixture();
    await remember();
    await remember();
    await remember(grace.id);

    expect(await endSessions.ofUser(ada.id)).to.equal(1);

    expect(await hasSession(ada.id)).to.equal(false);
    expect(await devicesOf(ada.id)).to.equal(0);
    expect(await hasSession(grace.id)).to.equal(true);
    expect(await devicesOf(grace.id)).to.equal(1);
  });

  it('ends every session but keeps the one remembered device it is told to (a password change)', async () => {
    const { remember, endSessions, tokens, ada, hasSession, devicesOf, clock } = await rememberFixture();
    const kept = await remember();
    await remember();
    const { selector } = kept;

    await endSessions.ofUserButDevice(ada.id, selector);

    expect(await hasSession(ada.id)).to.equal(false);
    expect(await devicesOf(ada.id)).to.equal(1);
    expect(await tokens.find(selector, clock.now())).to.not.equal(null);
  });

  it('forgets every other remembered device and leaves the sessions alone', async () => {
    const { remember, endSessions, ada, hasSession, devicesOf } = await rememberFixture();
    const kept = await remember();
    await remember();
    await remember();

    expect(await endSessions.forgetOtherDevices(ada.id, kept.selector)).to.equal(2);
    expect(await devicesOf(ada.id)).to.equal(1);
    expect(await hasSession(ada.id)).to.equal(true);
    expect(await endSessions.forgetOtherDevices(ada.id, null)).to.equal(1);
    expect(await devicesOf(ada.id)).to.equal(0);
  });

  it('forgets the remembered device that started a given session, so logging that session out sticks', async () => {
    const { remember, endSessions, ada, grace, devicesOf } = await rememberFixture();
    await remember(ada.id, sessionHandle('phone'));
    await remember(ada.id, sessionHandle('laptop'));
    await remember(grace.id, sessionHandle('phone'));

    expect(await endSessions.forgetDeviceOfSession(ada.id, sessionHandle('phone'))).to.equal(1);
    expect(await devicesOf(ada.id)).to.equal(1);
    expect(await devicesOf(grace.id)).to.equal(1);
  });
});
