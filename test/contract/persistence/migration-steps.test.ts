import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import knex, { type Knex } from 'knex';
import { Email } from '../../../src/domain/shared/email.js';
import type { DatabaseUrl } from '../../../src/infrastructure/persistence/database-url.js';
import { knexConfig, migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { KnexUserRepository } from '../../../src/infrastructure/shared/users/knex-user-repository.js';
import { migrateDown } from '../../../src/infrastructure/persistence/migrate-down.js';
import { migrationStatus } from '../../../src/infrastructure/persistence/migration-status.js';
import {
  IrreversibleMigration,
  listedMigrations,
  type Migration,
  migrationSource,
} from '../../../src/infrastructure/persistence/migrations/index.js';
import { requireServer } from '../../support/servers.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';

/** A database of its own for one test, and how to remove it. */
interface StepsDatabase {
  readonly url: DatabaseUrl;
  remove(): Promise<void>;
}

const MIGRATIONS = await migrationSource.getMigrations([]);
const NAMES = MIGRATIONS.map((migration) => migration.name);
const NEWEST = NAMES.at(-1) as string;

/** A migration that cannot go down, after every real one. */
const IRREVERSIBLE: Migration = {
  name: '29990101000000-irreversible-probe',
  up: async (db) => {
    await db.schema.createTable('irreversible_probe', (table) => table.integer('kept'));
    await db('irreversible_probe').insert({ kept: 7 });
  },
  irreversible: 'the probe keeps what it stored',
};

async function tables(db: Knex, names: readonly string[]): Promise<string[]> {
  const present: string[] = [];
  for (const name of names) if (await db.schema.hasTable(name)) present.push(name);
  return present;
}

async function appliedRows(db: Knex): Promise<string[]> {
  const rows: { name: string }[] = await db('knex_migrations').select('name').orderBy('id');
  return rows.map((row) => row.name);
}

function migrationStepsSuite(create: () => Promise<StepsDatabase>): void {
  let database: StepsDatabase;
  let db: Knex;
  const others: Knex[] = [];
  /** A second pool on the same database, as another version of the app configured with `source`. */
  const asVersion = (source: Knex.MigrationSource<Migration>, overrides: Knex.Config = {}): Knex => {
    const config = knexConfig({ url: database.url, poolMax: 2 });
    const other = knex({ ...config, migrations: { ...config.migrations, migrationSource: source }, ...overrides });
    others.push(other);
    return other;
  };

  beforeEach(async () => {
    database = await create();
    db = openDatabase({ url: database.url, poolMax: 2 });
  });
  afterEach(async () => {
    await Promise.all(others.splice(0).map((other) => other.destroy()));
    await db.destroy();
    await database.remove();
  });

  it('status lists every migration as pending on a fresh database, then as applied after migrate', async () => {
    expect(await migrationStatus(db)).to.deep.equal({ applied: [], pending: NAMES, newer: [], locked: false });

    await migrateToLatest(db);

    expect(await migrationStatus(db)).to.deep.equal({ applied: NAMES, pending: [], newer: [], locked: false });
  });

  it('down undoes the newest migration only, which migrate then applies again', async () => {
    await migrateToLatest(db);

    expect(await migrateDown(db)).to.deep.equal({ kind: 'rolled-back', name: NEWEST });

    expect((await migrationStatus(db)).pending).to.deep.equal([NEWEST]);
    expect(await migrateToLatest(db)).to.deep.equal([NEWEST]);
  });

  it('takes every migration down and up again, one step at a time', async () => {
    await migrateToLatest(db);

    const undone: string[] = [];
    for (;;) {
      const result = await migrateDown(db);
      if (result.kind !== 'rolled-back') {
        expect(result).to.deep.equal({ kind: 'nothing-applied' });
        break;
      }
      undone.push(result.name);
    }

    expect(undone).to.deep.equal([...NAMES].reverse());
    expect(await tables(db, ['users', 'sessions', 'attempt_counters', 'mail_outbox', 'audit_events'])).to.deep.equal([]);
    expect(await appliedRows(db)).to.deep.equal([]);
    expect(await migrateToLatest(db)).to.deep.equal(NAMES);
    const user = await new KnexUserRepository(db).create({ email: Email.fromTrusted('ada@example.com'), passwordHash: 'h', phone: null });
    expect(user.id).to.equal(1);
  });

  it('refuses a migration that cannot go down, and changes nothing', async () => {
    const source = listedMigrations([...MIGRATIONS, IRREVERSIBLE]);
    await migrateToLatest(db);
    await db.migrate.latest({ migrationSource: source });
    const before = await appliedRows(db);

    expect(await migrateDown(db, source)).to.deep.equal({
      kind: 'irreversible',
      name: IRREVERSIBLE.name,
      reason: 'the probe keeps what it stored',
    });

    expect(await db('irreversible_probe').select('kept')).to.deep.equal([{ kept: 7 }]);
    expect(await appliedRows(db)).to.deep.equal(before);
    expect((await migrationStatus(db, source)).locked).to.equal(false);
  });

  it('refuses it even when knex is asked directly, inside its transaction, and releases the lock', async () => {
    const source = listedMigrations([...MIGRATIONS, IRREVERSIBLE]);
    await migrateToLatest(db);
    await db.migrate.latest({ migrationSource: source });
    // Knex warns of the failed migration on its log; the refusal itself is what is checked.
    const quiet = asVersion(source, { log: { warn: () => {} } });

    const failure = await quiet.migrate.down().then(
      () => null,
      (error: unknown) => error,
    );

    expect(failure).to.be.instanceOf(IrreversibleMigration);
    expect(String(failure)).to.include(`${IRREVERSIBLE.name} cannot be rolled back: the probe keeps what it stored`);
    expect(await db('irreversible_probe').select('kept')).to.deep.equal([{ kept: 7 }]);
    expect((await migrationStatus(db, source)).applied.at(-1)).to.equal(IRREVERSIBLE.name);
    expect((await migrationStatus(db, source)).locked).to.equal(false);
  });

  describe('run by the version before, after this one migrated', () => {
    const older = () => listedMigrations(MIGRATIONS.slice(0, -1));

    it('starts: its migrate applies nothing and its status names the newer migration', async () => {
      await migrateToLatest(db);
      const previous = asVersion(older());

      expect(await migrateToLatest(previous)).to.deep.equal([]);

      expect(await migrationStatus(previous, older())).to.deep.equal({
        applied: NAMES.slice(0, -1),
        pending: [],
        newer: [NEWEST],
        locked: false,
      });
    });

    it('refuses to go down past the migration it does not know, and changes nothing', async () => {
      await migrateToLatest(db);

      expect(await migrateDown(asVersion(older()), older())).to.deep.equal({ kind: 'newer-applied', names: [NEWEST] });

      expect(await appliedRows(db)).to.deep.equal(NAMES);
    });
  });

  it('refuses to go down while the migration lock is held', async () => {
    await migrateToLatest(db);
    await db('knex_migrations_lock').update({ is_locked: 1 });

    expect(await migrateDown(db)).to.deep.equal({ kind: 'locked' });

    expect((await migrationStatus(db)).locked).to.equal(true);
    expect(await appliedRows(db)).to.deep.equal(NAMES);
  });
}

describe('migration steps: status, down, and a version older than the schema', () => {
  describe('on SQLite', () => {
    migrationStepsSuite(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gatehouse-migration-steps-'));
      return {
        url: { client: 'sqlite', filename: join(dir, 'app.sqlite') },
        remove: async () => rmSync(dir, { recursive: true, force: true }),
      };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`on ${server.name}`, () => {
      before(async function () {
        await requireServer(this, server.name, server.answers);
      });

      migrationStepsSuite(async () => {
        const database = await server.createDatabase();
        return { url: database.parsed, remove: () => database.drop() };
      });
    });
  }
});
