import { expect } from 'chai';
import { runCli, type CliDependencies } from '../../../src/cli/run-cli.js';
import { Email } from '../../../src/domain/shared/email.js';
import { auditIds } from '../../../src/infrastructure/audit/audit-ids.js';
import { inMemoryAccounts } from '../../support/accounts.js';
import { userCommandParts } from './user-command-parts.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Root (1, administrator) and Ada (2) on the test container's stores; root locked Ada
 * on the pages two days ago, an operator unlocked her yesterday and deleted her today.
 */
async function setUp() {
  const accounts = inMemoryAccounts();
  const { users, clock, container } = accounts;
  for (const email of ['root@example.com', 'ada@example.com']) {
    await users.create({ email: Email.parse(email) as Email, passwordHash: 'h', phone: null });
  }
  await users.setAdmin(1, true);
  const { administration } = userCommandParts(accounts);
  const ada = { email: 'ada@example.com' };
  const start = clock.now();
  await administration.lockUser.execute({ user: ada, actorId: 1, request: { ip: '192.0.2.1', userAgent: 'Firefox', requestId: 'r1' } });
  clock.advance(DAY);
  await administration.unlockUser.execute({ user: ada });
  clock.advance(DAY);
  await administration.deleteUser.execute({ user: ada });
  const deps = { ...userCommandParts(accounts), exportAdminTrail: container.get(auditIds.exportAdminTrail) } as CliDependencies;
  return { deps, start };
}

async function run(args: string[]) {
  const { deps, start } = await setUp();
  const out = { log: [] as string[], error: [] as string[] };
  const code = await runCli(args, deps, { log: (line) => out.log.push(line), error: (line) => out.error.push(line) });
  return { code, out, start };
}

describe('npm run cli -- audit export', () => {
  it('prints every act since the date as JSON lines, oldest first, a deleted target named by its address', async () => {
    const { code, out, start } = await run(['audit', 'export', '--since', '2000-01-01']);
    expect(code).to.equal(0);
    expect(out.error).to.deep.equal([]);
    const lines = out.log.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map(({ id: _id, ...line }) => line)).to.deep.equal([
      {
        at: new Date(start).toISOString(),
        act: 'admin.user-locked',
        actor: { kind: 'administrator', id: 1, email: 'root@example.com' },
        target: { id: 2, email: 'ada@example.com' },
        ip: '192.0.2.1',
        userAgent: 'Firefox',
        requestId: 'r1',
      },
      {
        at: new Date(start + DAY).toISOString(),
        act: 'admin.user-unlocked',
        actor: { kind: 'operator' },
        target: { id: 2, email: 'ada@example.com' },
        ip: null,
        userAgent: null,
        requestId: null,
      },
      {
        at: new Date(start + 2 * DAY).toISOString(),
        act: 'admin.user-deleted',
        actor: { kind: 'operator' },
        target: { id: 2, email: 'ada@example.com' },
        ip: null,
        userAgent: null,
        requestId: null,
      },
    ]);
  });

  it('starts at the time given, with --since=<time> too, in UTC unless it says otherwise', async () => {
    const { start } = await setUp();
    const since = new Date(start + DAY).toISOString().slice(0, 19);
    const { code, out } = await run(['audit', 'export', `--since=${since}`]);
    expect(code).to.equal(0);
    expect(out.log.map((line) => (JSON.parse(line) as { act: string }).act)).to.deep.equal(['admin.user-unlocked', 'admin.user-deleted']);
  });

  it('refuses a day the calendar does not have, which Date would roll into the next month', async () => {
    for (const since of ['2026-02-31', '2026-02-29T10:00:00Z', '2026-13-01']) {
      const refused = await run(['audit', 'export', '--since', since]);
      expect([since, refused.code, refused.out.log]).to.deep.equal([since, 1, []]);
      expect(refused.out.error[0]).to.match(/^Not an ISO date: /);
    }
    expect((await run(['audit', 'export', '--since', '2028-02-29'])).code).to.equal(0);
  });

  it('refuses a time that is no ISO date with one line, and prints the usage without --since', async () => {
    const refused = await run(['audit', 'export', '--since', 'yesterday']);
    expect([refused.code, refused.out.log]).to.deep.equal([1, []]);
    expect(refused.out.error).to.deep.equal(['Not an ISO date: yesterday (for example 2026-11-01 or 2026-11-01T09:30:00Z)']);
    expect((await run(['audit', 'export', '--since', '2026-13-45'])).code).to.equal(1);

    const bare = await run(['audit', 'export']);
    expect(bare.code).to.equal(2);
    expect(bare.out.error.join('\n')).to.include('audit export --since <ISO date>');
  });
});
