import { expect } from 'chai';
import { pino } from 'pino';
import { cachedIsoTime } from '../../../../src/infrastructure/logging/iso-time.js';

describe('cachedIsoTime (the log timestamp)', () => {
  it('writes what pino’s isoTime writes for the same instant', () => {
    const instants = [0, 1_795_939_600_123, Date.UTC(2026, 10, 22, 23, 59, 59, 999)];
    for (const instant of instants) {
      const mine = cachedIsoTime(() => instant)();
      const realNow = Date.now;
      Date.now = () => instant;
      try {
        expect(mine).to.equal(pino.stdTimeFunctions.isoTime());
      } finally {
        Date.now = realNow;
      }
    }
  });

  it('moves on with the clock, including back to an earlier instant', () => {
    let now = 1_000;
    const time = cachedIsoTime(() => now);

    expect(time()).to.equal(',"time":"1970-01-01T00:00:01.000Z"');
    expect(time()).to.equal(',"time":"1970-01-01T00:00:01.000Z"');
    now = 1_001;
    expect(time()).to.equal(',"time":"1970-01-01T00:00:01.001Z"');
    now = 999;
    expect(time()).to.equal(',"time":"1970-01-01T00:00:00.999Z"');
  });
});
