import { expect } from 'chai';
import { type MigrateCommandDependencies, runMigrateCommand } from '../../../src/cli/migrate-command.js';
import type { MigrateDownResult } from '../../../src/infrastructure/persistence/migrate-down.js';
import type { MigrationStatus } from '../../../src/infrastructure/persistence/migration-status.js';

const UP_TO_DATE: MigrationStatus = { applied: ['m1', 'm2'], pending: [], newer: [], locked: false };

async function run(
  args: string[],
  { status = UP_TO_DATE, down = { kind: 'rolled-back', name: 'm2' } as MigrateDownResult } = {},
) {
  const calls: string[] = [];
  const deps: MigrateCommandDependencies = {
    migrate: async () => [],
    releaseMigrationLock: async () => false,
    migrationStatus: async () => status,
    migrateDown: async () => {
      calls.push('down');
      return down;
    },
  };
  const out = { log: [] as string[], error: [] as string[] };
  const code = await runMigrateCommand(args, deps, { log: (line) => out.log.push(line), error: (line) => out.error.push(line) });
  return { code, out, calls };
}

describe('npm run cli -- migrate', () => {
  describe('status', () => {
    it('lists each migration, applied ones first, and counts them', async () => {
      const { code, out } = await run(['migrate', 'status'], {
        status: { applied: ['m1'], pending: ['m2', 'm3'], newer: [], locked: false },
      });
      expect(code).to.equal(0);
      expect(out.log).to.deep.equal(['applied  m1', 'pending  m2', 'pending  m3', '1 applied, 2 pending.']);
    });

    it('names the migrations of a newer version, and a lock', async () => {
      const { out } = await run(['migrate', 'status'], {
        status: { applied: ['m1'], pending: [], newer: ['m9'], locked: true },
      });
      expect(out.log).to.deep.equal([
        'applied  m1',
        'newer    m9 (applied by a newer version, which this one runs without)',
        '1 applied, 0 pending, 1 from a newer version.',
        'Locked: the migrations are locked by another run (if none is running, "migrate unlock" clears the lock a crashed one left).',
      ]);
    });
  });

  describe('down', () => {
    it('without --yes names the migration it would roll back, exits 1 and changes nothing', async () => {
      const { code, out, calls } = await run(['migrate', 'down']);
      expect({ code, calls }).to.deep.equal({ code: 1, calls: [] });
      expect(out.error).to.deep.equal(['This rolls back m2 and drops what it added, with its data: add --yes to confirm.']);
    });

    it('without --yes says there is nothing to roll back on an empty database', async () => {
      const { code, out } = await run(['migrate', 'down'], { status: { applied: [], pending: ['m1'], newer: [], locked: false } });
      expect(code).to.equal(0);
      expect(out.log).to.deep.equal(['No migration is applied: nothing to roll back.']);
    });

    const outcomes: [MigrateDownResult, number, string][] = [
      [{ kind: 'rolled-back', name: 'm2' }, 0, 'Rolled back m2.'],
      [{ kind: 'nothing-applied' }, 0, 'No migration is applied: nothing to roll back.'],
      [{ kind: 'irreversible', name: 'm2', reason: 'it merges two tables' }, 1, 'Cannot roll back m2: it merges two tables. Nothing was changed.'],
      [
        { kind: 'newer-applied', names: ['m9'] },
        1,
        'Cannot roll back: m9 came from a newer version, whose own "migrate down" undoes them. Nothing was changed.',
      ],
      [
        { kind: 'locked' },
        1,
        'Cannot roll back: the migrations are locked by another run (if none is running, "migrate unlock" clears the lock a crashed one left). Nothing was changed.',
      ],
    ];
    for (const [result, expectedCode, line] of outcomes) {
      it(`--yes on ${result.kind} exits ${expectedCode} saying "${line.slice(0, 40)}…"`, async () => {
        const { code, out, calls } = await run(['migrate', 'down', '--yes'], { down: result });
        expect({ code, calls }).to.deep.equal({ code: expectedCode, calls: ['down'] });
        expect([...out.log, ...out.error]).to.deep.equal([line]);
        expect(expectedCode === 0 ? out.log : out.error).to.deep.equal([line]);
      });
    }
  });

  it('leaves other commands to the caller', async () => {
    expect((await run(['user', 'list'])).code).to.equal(null);
    expect((await run(['migrate', 'sideways'])).code).to.equal(null);
  });
});
