import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { migrationSource } from '../../src/infrastructure/persistence/migrations/index.js';
import { startProcess } from '../support/app-process.js';

const NAMES = (await migrationSource.getMigrations([])).map((migration) => migration.name);
const NEWEST = NAMES.at(-1) as string;
/** Each process starts tsx and the composition root: seconds apiece on a busy machine. */
const PROCESSES_TIMEOUT_MS = 60_000;

describe('npm run cli -- migrate status, and migrate down', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'gatehouse-migrate-down-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function cli(...args: string[]) {
    const run = startProcess('cli/main.ts', { DATABASE_URL: `sqlite:${join(dir, 'app.sqlite')}` }, args);
    const code = await run.exited;
    return { code, out: run.lines.map((line) => String(line.text)), err: run.stderr().trim() };
  }

  it('status lists every migration as pending on a fresh file, and creates no table of the app', async () => {
    const { code, out } = await cli('migrate', 'status');
    expect(code).to.equal(0);
    expect(out).to.deep.equal([...NAMES.map((name) => `pending  ${name}`), `0 applied, ${NAMES.length} pending.`]);
  });

  it('down rolls back the newest migration only after --yes, which migrate applies again', async function () {
    // Five command-line processes, one after the other.
    this.timeout(PROCESSES_TIMEOUT_MS);
    expect((await cli('migrate')).code).to.equal(0);

    const unconfirmed = await cli('migrate', 'down');
    expect(unconfirmed.code).to.equal(1);
    expect(unconfirmed.err).to.equal(`This rolls back ${NEWEST} and drops what it added, with its data: add --yes to confirm.`);

    const confirmed = await cli('migrate', 'down', '--yes');
    expect(confirmed).to.deep.include({ code: 0, out: [`Rolled back ${NEWEST}.`] });

    const status = await cli('migrate', 'status');
    expect(status.out.slice(-2)).to.deep.equal([`pending  ${NEWEST}`, `${NAMES.length - 1} applied, 1 pending.`]);
    expect((await cli('migrate')).out).to.deep.equal([`Applied 1 migration(s): ${NEWEST}`]);
  });
});
