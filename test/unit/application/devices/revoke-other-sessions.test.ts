import { expect } from 'chai';
import { RevokeOtherSessions } from '../../../../src/application/devices/revoke-other-sessions.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { ADA, BOB, setUp } from './sessions-fixture.js';

describe('RevokeOtherSessions', () => {
  it("ends every other session of the user and keeps the one asking and other users'", async () => {
    const { sessions, endSessions, events, laptop, phone, bob, now } = await setUp();
    const result = await new RevokeOtherSessions(endSessions, events).execute({ userId: ADA, currentHandle: laptop.handle, currentKey: null });
    expect(result).to.deep.equal({ kind: 'ok' });
    expect(await sessions.find(phone.id, now)).to.equal(null);
    expect(await sessions.find(laptop.id, now)).to.not.equal(null);
    expect(await sessions.find(bob.id, now)).to.not.equal(null);
  });

  it("forgets every other remembered device of the user, and keeps the asking device's and other users'", async () => {
    const { endSessions, events, laptop, phone, bob, remember, devicesOf } = await setUp();
    const laptopKey = await remember(ADA, laptop.handle);
    await remember(ADA, phone.handle);
    await remember(BOB, bob.handle);
    await new RevokeOtherSessions(endSessions, events).execute({
      userId: ADA,
      currentHandle: laptop.handle,
      currentKey: laptopKey,
    });
    expect(await devicesOf(ADA)).to.deep.equal([laptop.handle]);
    expect(await devicesOf(BOB)).to.deep.equal([bob.handle]);
  });

  it('ends nothing when the session asking has no handle to be told apart by', async () => {
    const { sessions, endSessions, events, laptop, phone, now } = await setUp();
    const result = await new RevokeOtherSessions(endSessions, events).execute({ userId: ADA, currentHandle: null, currentKey: null });
    expect(result).to.deep.equal({ kind: 'current-unknown' });
    for (const { id } of [laptop, phone]) expect(await sessions.find(id, now)).to.not.equal(null);
  });
});

describe('RevokeOtherSessions: its security events', () => {
  it('records sessions.revoked-others with the request, and a refusal as session.revoke-refused', async () => {
    const { endSessions, events, laptop } = await setUp();
    const revokeOthers = new RevokeOtherSessions(endSessions, events);
    const request = testRequest();

    await revokeOthers.execute({ userId: ADA, currentHandle: laptop.handle, currentKey: null, request });
    await revokeOthers.execute({ userId: ADA, currentHandle: null, currentKey: null });

    expect(events.recorded).to.deep.equal([
      { type: 'sessions.revoked-others', userId: ADA, request },
      { type: 'session.revoke-refused', userId: ADA, reason: 'current-unknown' },
    ]);
  });
});
