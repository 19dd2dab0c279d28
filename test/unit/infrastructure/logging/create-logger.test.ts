import { expect } from 'chai';
import { createLogger } from '../../../../src/infrastructure/logging/create-logger.js';

describe('createLogger', () => {
  function capture() {
    const lines: string[] = [];
    let flushes = 0;
    const logger = createLogger(
      { level: 'info', pretty: false },
      { write: (line) => lines.push(line), flushSync: () => (flushes += 1) },
    );
    return { logger, lines, flushes: () => flushes };
  }

  it('writes its batch out at once after a warning, an error or a fatal line, not after info lines', () => {
    const { logger, lines, flushes } = capture();

    logger.info({}, 'routine');
    expect(flushes()).to.equal(0);
    logger.warn({}, 'look at this');
    expect(flushes()).to.equal(1);
    logger.error({}, 'broken');
    expect(flushes()).to.equal(2);
    // pino's documented flush of a fatal line, relied on by PinoLogger.fatal.
    logger.fatal({}, 'cannot go on');
    expect(flushes()).to.equal(3);
    expect(lines).to.have.length(4);
  });

  it('writes its batch out when asked, through a child logger too', () => {
    const { logger, flushes } = capture();

    logger.child({ requestId: 'r1' }).warn({}, 'from a child');
    logger.flushSync();

    expect(flushes()).to.equal(2);
  });

  it('writes JSON lines with the level as a word and the fields of a child', () => {
    const { logger, lines } = capture();

    logger.child({ requestId: 'r1' }).info({ path: '/' }, 'request');

    expect(JSON.parse(lines[0] ?? '')).to.include({ level: 'info', requestId: 'r1', path: '/', msg: 'request' });
  });
});
