import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../src/infrastructure/persistence/database.js';
import { migrateToLatest } from '../../src/infrastructure/persistence/migrate-to-latest.js';
import { migrationSource } from '../../src/infrastructure/persistence/migrations/index.js';
import { startProcess } from '../support/app-process.js';

describe('npm run cli -- migrate', () => {
  for (const url of ['mysql://root@127.0.0.1:1/gatehouse', 'postgres://postgres@127.0.0.1:1/gatehouse']) {
    it(`exits 1 with one clear line when the database cannot be reached (${url.split(':')[0]})`, async () => {
      // Port 1 on this machine: nothing listens there, so the connection is refused at once.
      const cli = startProcess('cli/main.ts', { DATABASE_URL: url }, ['migrate']);

      expect(await cli.exited).to.equal(1);
      const stderr = cli.stderr().trim();
      expect(stderr.split('\n')).to.have.length(1);
      expect(stderr).to.match(/^Failed: cannot reach the database .*ECONNREFUSED/);
    });
  }

  it('exits 1 naming the variable for an invalid DATABASE_URL', async () => {
    const cli = startProcess('cli/main.ts', { DATABASE_URL: 'mongodb://db/app' }, ['migrate']);

    expect(await cli.exited).to.equal(1);
    expect(cli.stderr().trim()).to.equal(
      'Invalid configuration: DATABASE_URL: must start with sqlite:, mysql://, postgres:// or postgresql://',
    );
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

  describe('unlock, after a crashed run left the lock set', () => {
    let dir: string;
    let file: string;
    const sqlite = () => openDatabase({ url: { client: 'sqlite', filename: file }, poolMax: 1 });

    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), 'gatehouse-unlock-'));
      file = join(dir, 'app.sqlite');
      const db = sqlite();
      try {
        await migrateToLatest(db);
        await db('knex_migrations_lock').update({ is_locked: 1 });
      } finally {
        await db.destroy();
      }
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('is the command the lock error names', async () => {
      const db = sqlite();
      try {
        const failure = await migrateToLatest(db, { waitMs: 0, pollMs: 1 }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure).to.be.instanceOf(Error);
        expect((failure as Error).message).to.include('clear it with "npm run cli -- migrate unlock"');
      } finally {
        await db.destroy();
      }
    });

    it('clears the lock, keeps one lock row, and lets migrate run again', async () => {
      const env = { DATABASE_URL: `sqlite:${file}` };
      const unlock = startProcess('cli/main.ts', env, ['migrate', 'unlock']);

      expect(await unlock.exited).to.equal(0);
      expect(unlock.lines.map((line) => line.text)).to.deep.equal(['Released the migration lock.']);
      const migrate = startProcess('cli/main.ts', env, ['migrate']);
      expect(await migrate.exited).to.equal(0);
      expect(migrate.lines.map((line) => line.text)).to.deep.equal(['Already up to date.']);
      const db = sqlite();
      try {
        expect(await db('knex_migrations_lock').select('index', 'is_locked')).to.deep.equal([{ index: 1, is_locked: 0 }]);
      } finally {
        await db.destroy();
      }
    });

    it('says so when run on a database that is not locked', async () => {
      const env = { DATABASE_URL: `sqlite:${file}` };
      const first = startProcess('cli/main.ts', env, ['migrate', 'unlock']);
      expect(await first.exited).to.equal(0);

      const second = startProcess('cli/main.ts', env, ['migrate', 'unlock']);

      expect(await second.exited).to.equal(0);
      expect(second.lines.map((line) => line.text)).to.deep.equal(['The migrations were not locked.']);
    });
  });
});
