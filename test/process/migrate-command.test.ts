import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../src/infrastructure/persistence/database.js';
import { migrationSource } from '../../src/infrastructure/persistence/migrations/index.js';
import { startProcess } from '../support/app-process.js';

describe('npm run cli -- migrate', () => {
  it('exits 1 with one clear line when the database cannot be reached', async () => {
    // Port 1 on this machine: nothing listens there, so the connection is refused at once.
    const cli = startProcess('cli/main.ts', { DATABASE_URL: 'mysql://root@127.0.0.1:1/gatehouse' }, ['migrate']);

    expect(await cli.exited).to.equal(1);
    const stderr = cli.stderr().trim();
    expect(stderr.split('\n')).to.have.length(1);
    expect(stderr).to.match(/^Failed: cannot reach the database .*ECONNREFUSED/);
  });

  it('exits 1 naming the variable for an invalid DATABASE_URL', async () => {
    const cli = startProcess('cli/main.ts', { DATABASE_URL: 'postgres://db/app' }, ['migrate']);

    expect(await cli.exited).to.equal(1);
    expect(cli.stderr().trim()).to.equal('Invalid configuration: DATABASE_URL: must start with sqlite: or mysql://');
  });

  describe('started by four processes at once on one fresh SQLite file', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'gatehouse-migrate-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('succeeds in every process and applies each migration exactly once', async () => {
      const file = join(dir, 'app.sqlite');
      const runs = Array.from({ length: 4 }, () => startProcess('cli/main.ts', { DATABASE_URL: `sqlite:${file}` }, ['migrate']));

      const codes = await Promise.all(runs.map((run) => run.exited));

      expect(codes).to.deep.equal([0, 0, 0, 0]);
      const said = runs.map((run) => String(run.lines.map((line) => line.text).join(' ')));
      expect(said.filter((text) => text.startsWith('Applied'))).to.have.length(1);
      expect(said.filter((text) => text === 'Already up to date.')).to.have.length(3);
      const db = openDatabase({ url: { client: 'sqlite', filename: file }, poolMax: 1 });
      try {
        const names = (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));
        const rows: { name: string }[] = await db('knex_migrations').select('name').orderBy('id');
        expect(rows.map((row) => row.name)).to.deep.equal(names);
        expect(await db('knex_migrations_lock').select('is_locked')).to.deep.equal([{ is_locked: 0 }]);
      } finally {
        await db.destroy();
      }
    });
  });
});
