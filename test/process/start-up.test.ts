import { expect } from 'chai';
import { startProcess } from '../support/app-process.js';

describe('starting the app process', () => {
  it('exits non-zero with one line naming each required variable that NODE_ENV=production is missing', async () => {
    const app = startProcess('main.ts', { NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:', PORT: '0' });

    const code = await app.exited;

    expect(code).to.equal(1);
    const lines = app.stderr().trim().split('\n');
    expect(lines.map((line) => line.split(':').slice(0, 2).join(':'))).to.deep.equal([
      'Invalid configuration: SESSION_KEYS',
      'Invalid configuration: APP_URL',
      'Invalid configuration: SMTP_URL',
      'Invalid configuration: DATA_ENCRYPTION_KEY',
    ]);
    expect(app.lines.some((line) => line.msg === 'listening')).to.equal(false);
  });

  it('has the command line name each missing required variable on a line of its own too', async () => {
    const cli = startProcess('cli/main.ts', { NODE_ENV: 'production', DATABASE_URL: 'sqlite::memory:' }, ['migrate']);

    expect(await cli.exited).to.equal(1);
    const lines = cli.stderr().trim().split('\n');
    expect(lines).to.have.length(4);
    expect(lines[3]).to.match(/^Invalid configuration: DATA_ENCRYPTION_KEY: required when NODE_ENV=production/);
  });

  it('exits non-zero with one line naming the variable for an invalid value', async () => {
    const app = startProcess('main.ts', { PORT: 'eighty', DATABASE_URL: 'sqlite::memory:' });

    expect(await app.exited).to.equal(1);
    expect(app.stderr().trim()).to.equal('Invalid configuration: PORT: must be a whole number from 0 to 65535');
  });
});
