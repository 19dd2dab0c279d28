import { expect } from 'chai';
import { startProcess } from '../support/app-process.js';
import { useCliDatabase } from '../support/cli-database.js';

describe('npm run cli -- audit export, through the composition root', function () {
  // Several command-line processes in a row, each compiling the sources with tsx: slow on a busy machine.
  this.timeout(60_000);
  const database = useCliDatabase('gatehouse-audit-export-');
  const env = () => ({ DATABASE_URL: `sqlite:${database()}` });

  /** Runs one command to its end; resolves its exit code, its stdout lines and its stderr. */
  async function cli(...args: string[]) {
    const command = startProcess('cli/main.ts', env(), args);
    const code = await command.exited;
    return { code, lines: command.lines, stderr: command.stderr().trim() };
  }

  it("prints the operator's acts as JSON lines, oldest first, the deleted user named by the address", async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    expect((await cli('user', 'lock', 'ada@example.com')).code).to.equal(0);
    expect((await cli('user', 'delete', 'ada@example.com', '--yes')).code).to.equal(0);

    const exported = await cli('audit', 'export', '--since', before);
    expect([exported.code, exported.stderr]).to.deep.equal([0, '']);
    // The export's lines carry `act`; the log lines of the run (none expected) `event`.
    const acts = exported.lines.filter((line) => line.act !== undefined);
    expect(acts.map((line) => [line.act, line.actor, line.target, line.ip])).to.deep.equal([
      ['admin.user-locked', { kind: 'operator' }, { id: 1, email: 'ada@example.com' }, null],
      ['admin.user-deleted', { kind: 'operator' }, { id: 1, email: 'ada@example.com' }, null],
    ]);
    expect(acts.every((line) => typeof line.id === 'number' && typeof line.at === 'string')).to.equal(true);

    const later = await cli('audit', 'export', '--since', new Date(Date.now() + 60_000).toISOString());
    expect(later.lines.filter((line) => line.act !== undefined)).to.deep.equal([]);
  });

  it('exits 1 with one line for a time that is no ISO date', async () => {
    const refused = await cli('audit', 'export', '--since', 'last week');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).to.equal('Not an ISO date: last week (for example 2026-11-01 or 2026-11-01T09:30:00Z)');
  });
});
