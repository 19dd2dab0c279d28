import { expect } from 'chai';
import { startProcess } from '../support/app-process.js';
import { useCliDatabase } from '../support/cli-database.js';

describe('npm run cli -- user export, through the composition root', () => {
  const database = useCliDatabase('gatehouse-user-export-');

  /** Runs the command to its end; resolves its exit code, its stdout whole, and its stderr. */
  async function userExport(email: string) {
    const command = startProcess('cli/main.ts', { DATABASE_URL: `sqlite:${database()}` }, ['user', 'export', email]);
    let stdout = '';
    command.child.stdout?.on('data', (chunk: string) => (stdout += chunk));
    const code = await command.exited;
    return { code, stdout, stderr: command.stderr() };
  }

  it('writes the document alone to stdout, so that `> file.json` holds valid JSON, and logs the act on stderr', async () => {
    const { code, stdout, stderr } = await userExport('ada@example.com');

    expect(code).to.equal(0);
    const document = JSON.parse(stdout);
    expect(document.format).to.equal('gatehouse-export/1');
    expect(document.account.email).to.equal('ada@example.com');
    expect(document.activity.map((event: { type: string; by: string }) => [event.type, event.by])).to.deep.equal([
      ['admin.data-exported', 'operator'],
    ]);
    const logged = stderr
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event?: string; userId?: number });
    expect(logged.filter((line) => line.event).map((line) => [line.event, line.userId])).to.deep.equal([['admin.data-exported', 1]]);

    // An operator's act: on the administrators' trail, for an auditor, as the others are.
    const audit = startProcess('cli/main.ts', { DATABASE_URL: `sqlite:${database()}` }, ['audit', 'export', '--since', '2000-01-01']);
    expect(await audit.exited).to.equal(0);
    const acts = audit.lines.filter((line) => line.act !== undefined);
    expect(acts.map((line) => [line.act, line.actor, line.target])).to.deep.equal([
      ['admin.data-exported', { kind: 'operator' }, { id: 1, email: 'ada@example.com' }],
    ]);
  });

  it('exits 1 with one clear line, and writes nothing to stdout, for an unknown email', async () => {
    const { code, stdout, stderr } = await userExport('ghost@example.com');
    expect({ code, stdout }).to.deep.equal({ code: 1, stdout: '' });
    expect(stderr.trim().split('\n').at(-1)).to.equal('No user with email ghost@example.com');
  });
});
