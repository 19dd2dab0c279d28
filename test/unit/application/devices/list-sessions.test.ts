import { expect } from 'chai';
import { ListSessions } from '../../../../src/application/devices/list-sessions.js';
import { ADA, MINUTE, setUp as setUpDevices } from './sessions-fixture.js';

/** The fixture, and Ada's sessions as ListSessions lists them, told which one asks. */
async function setUp() {
  const fixture = await setUpDevices();
  const list = (currentHandle: string | null) =>
    new ListSessions(fixture.sessions, fixture.clock).execute({ userId: ADA, currentHandle });
  return { ...fixture, list };
}

describe('ListSessions', () => {
  it("gives the user's live sessions, most recently used first, and marks the one asking", async () => {
    const { laptop, phone, list } = await setUp();
    const result = await list(phone.handle);
    expect(result.kind).to.equal('ok');
    expect(result.sessions.map((s) => [s.handle, s.current])).to.deep.equal([
      [laptop.handle, false],
      [phone.handle, true],
    ]);
  });

  it('marks none as current for a session without a handle', async () => {
    const { list } = await setUp();
    expect((await list(null)).sessions.every((s) => !s.current)).to.equal(true);
  });

  it('leaves out a session that expired by the clock', async () => {
    const { clock, store, now, list } = await setUp();
    await store(ADA, now, now + MINUTE);
    clock.advance(MINUTE);
    expect((await list(null)).sessions).to.have.length(2);
  });
});
