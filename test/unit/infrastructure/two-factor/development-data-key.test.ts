import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { DEVELOPMENT_KEY_FILE, developmentDataKey } from '../../../../src/infrastructure/two-factor/development-data-key.js';
import { captureLog } from '../../../support/captured-log.js';

describe('the development data key (DATA_ENCRYPTION_KEY unset outside production)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-data-key-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('is made once beside the SQLite file, readable by its owner only, and reused at the next start', async () => {
    const url = { client: 'sqlite', filename: join(dir, 'gatehouse.sqlite') } as const;
    const log = captureLog();
    const first = developmentDataKey(url, log.logger);
    const file = join(dir, DEVELOPMENT_KEY_FILE);
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    expect(developmentDataKey(url, log.logger).equals(first)).to.equal(true);
    expect(first).to.have.length(32);
    const warning = await log.waitForLine((line) => line.level === 'warn' && line.file === file);
    expect(warning.msg).to.match(/^DATA_ENCRYPTION_KEY is unset/);
    expect(log.text()).not.to.include(first.toString('base64'));
  });

  it('is kept in memory only for an in-memory database, which dies with the process anyway', () => {
    const key = developmentDataKey({ client: 'sqlite', filename: ':memory:' }, captureLog().logger);
    expect(key).to.have.length(32);
    expect(readdirSync(dir)).to.deep.equal([]);
  });
});
