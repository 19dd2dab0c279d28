import { expect } from 'chai';
import { RevokeSession } from '../../../../src/application/devices/revoke-session.js';
import { newSessionHandle } from '../../../../src/web/shared/session-id.js';
import { testRequest } from '../../../support/audit/security-events.js';
import { ADA, setUp } from './sessions-fixture.js';

describe('RevokeSession', () => {
  it('ends the chosen session of the user and says whether it was the one asking', async () => {
    const { clock, sessions, endSessions, events, laptop, phone, now } = await setUp();
    const revoke = new RevokeSession(endSessions, clock, events);
    expect(await revoke.execute({ userId: ADA, handle: phone.handle, currentHandle: laptop.handle })).to.deep.equal({
      kind: 'ok',
      current: false,
    });
    expect(await sessions.find(phone.id, now)).to.equal(null);
    expect(await revoke.execute({ userId: ADA, handle: laptop.handle, currentHandle: laptop.handle })).to.deep.equal({
      kind: 'ok',
      current: true,
    });
  });

  it('forgets the remembered device that started the chosen session, also when the session itself is gone', async () => {
    const { clock, sessions, endSessions, events, laptop, phone, remember, devicesOf } = await setUp();
    await remember(ADA, phone.handle);
    await remember(ADA, laptop.handle);
    await sessions.destroy(phone.id);
    const result = await new RevokeSession(endSessions, clock, events).execute({
      userId: ADA,
      handle: phone.handle,
      currentHandle: laptop.handle,
    });
    expect(result).to.deep.equal({ kind: 'ok', current: false });
    expect(await devicesOf(ADA)).to.deep.equal([laptop.handle]);
  });

  it("is not-found for another user's session, an ended one, or an unknown handle, and ends nothing", async () => {
    const { clock, sessions, endSessions, events, laptop, bob, now } = await setUp();
    const revoke = new RevokeSession(endSessions, clock, events);
    await sessions.destroy(laptop.id);
    for (const handle of [bob.handle, laptop.handle, newSessionHandle()]) {
      expect(await revoke.execute({ userId: ADA, handle, currentHandle: null })).to.deep.equal({ kind: 'not-found' });
    }
    expect(await sessions.find(bob.id, now)).to.not.equal(null);
  });
});

describe('RevokeSession: its security events', () => {
  it('records session.revoked, and a refusal as session.revoke-refused, with the request', async () => {
    const { clock, endSessions, events, laptop, phone } = await setUp();
    const revoke = new RevokeSession(endSessions, clock, events);
    const request = testRequest();

    await revoke.execute({ userId: ADA, handle: phone.handle, currentHandle: laptop.handle, request });
    await revoke.execute({ userId: ADA, handle: phone.handle, currentHandle: laptop.handle, request });

    expect(events.recorded).to.deep.equal([
      { type: 'session.revoked', userId: ADA, request },
      { type: 'session.revoke-refused', userId: ADA, reason: 'not-found', request },
    ]);
  });
});
