import { expect } from 'chai';
import { type Purgeable, schedulePurge } from '../../../../src/infrastructure/persistence/purge-schedule.js';

/** A store that counts its purges and tells when it reached `times`. */
function countingStore(failWith?: Error) {
  let calls = 0;
  let reached: () => void = () => {};
  const store: Purgeable & { calls(): number; reach(times: number): Promise<void> } = {
    async purgeExpired() {
      calls += 1;
      reached();
      if (failWith) throw failWith;
      return 0;
    },
    calls: () => calls,
    reach: (times) =>
      new Promise<void>((resolve) => {
        reached = () => {
          if (calls >= times) resolve();
        };
        reached();
      }),
  };
  return store;
}

describe('schedulePurge', () => {
  it('purges every target again and again, and reports a failing one by name while the others go on', async () => {
    const sessions = countingStore();
    const failure = new Error('tokens table is locked');
    const tokens = countingStore(failure);
    const reported: [string, unknown][] = [];

    const stop = schedulePurge(
      [
        { name: 'session', store: sessions },
        { name: 'token', store: tokens },
      ],
      (name, error) => reported.push([name, error]),
      1,
    );
    await Promise.all([sessions.reach(2), tokens.reach(2)]);
    stop();

    expect(reported.length).to.be.at.least(1);
    expect(reported.every(([name, error]) => name === 'token' && error === failure)).to.equal(true);
  });
});
