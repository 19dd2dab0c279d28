import { expect } from 'chai';
import { startProcess } from '../support/app-process.js';

describe('starting the app process', () => {
  it('exits non-zero with one line naming SESSION_KEYS when NODE_ENV=production has none', async () => {
    const app = startProcess('main.ts', { NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', PORT: '0' });

    const code = await app.exited;

    expect(code).to.equal(1);
    const stderr = app.stderr().trim();
    expect(stderr.split('\n')).to.have.length(1);
    expect(stderr).to.include('SESSION_KEYS');
    expect(app.lines.some((line) => line.msg === 'listening')).to.equal(false);
  });

  it('exits non-zero with one line naming the variable for an invalid value', async () => {
    const app = startProcess('main.ts', { PORT: 'eighty', DATABASE_URL: 'sqlite::memory:' });

    expect(await app.exited).to.equal(1);
    expect(app.stderr().trim()).to.equal('Invalid configuration: PORT: must be a whole number from 0 to 65535');
  });
});
