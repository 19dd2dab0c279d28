import { expect } from 'chai';
import { createLogger } from '../../../src/infrastructure/logging/create-logger.js';

describe('createLogger', () => {
  it('flushes its batch at once after a warning or an error, not after info lines', () => {
    const lines: string[] = [];
    let flushes = 0;
    const logger = createLogger(
      { level: 'info', pretty: false },
      {
        write: (line) => lines.push(line),
        flush: (done) => {
          flushes += 1;
          done?.();
        },
      },
    );

    logger.info({}, 'routine');
    expect(flushes).to.equal(0);
    logger.warn({}, 'look at this');
    expect(flushes).to.equal(1);
    logger.error({}, 'broken');
    expect(flushes).to.equal(2);
    expect(lines).to.have.length(3);
  });
});
