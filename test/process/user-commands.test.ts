import { expect } from 'chai';
import { startProcess } from '../support/app-process.js';
import { useCliDatabase } from '../support/cli-database.js';

describe('npm run cli -- user lock, show, unlock and list, through the composition root', () => {
  const database = useCliDatabase('gatehouse-user-commands-');
  const env = () => ({ DATABASE_URL: `sqlite:${database()}` });

  /** Runs one command to its end; resolves its exit code and what it printed. */
  async function cli(...args: string[]) {
    const command = startProcess('cli/main.ts', env(), args);
    const code = await command.exited;
    // What the command printed; its log lines (the security event of an act) come apart.
    const said = command.lines.filter((line) => line.text !== undefined).map((line) => String(line.text));
    return { code, said, stderr: command.stderr().trim(), events: command.lines.filter((line) => line.event !== undefined) };
  }

  it('locks the user, shows the lock, unlocks them and lists them', async () => {
    const locked = await cli('user', 'lock', 'ada@example.com');
    expect(locked).to.deep.include({ code: 0, said: ['ada@example.com is now locked: 0 sessions ended.'], stderr: '' });
    expect(locked.events.map((line) => [line.event, line.userId])).to.deep.equal([['admin.user-locked', 1]]);
    const shown = await cli('user', 'show', 'ada@example.com');
    expect(shown.said).to.include.members(['ada@example.com (user 1)']);
    expect(shown.said.find((line) => line.includes('Locked:'))).to.match(/Locked: +since \d{4}-/);
    expect((await cli('user', 'unlock', 'ada@example.com')).said).to.deep.equal(['ada@example.com is now unlocked.']);
    expect((await cli('user', 'list', '--search', 'ada')).said).to.deep.equal(['1 user:', '1\tada@example.com\tunverified']);
  });

  it('sessions revoke-all refuses without --yes, and with it logs everyone out and logs the act', async function () {
    // Two command-line processes, each starting tsx and the composition root: seconds apiece on a busy machine.
    this.timeout(60_000);
    expect(await cli('sessions', 'revoke-all')).to.deep.include({
      code: 1,
      said: [],
      stderr: 'This logs every user out and forgets every remembered device: add --yes to confirm.',
    });
    const revoked = await cli('sessions', 'revoke-all', '--yes');
    expect(revoked).to.deep.include({ code: 0, said: ['Logged every user out: 0 sessions ended, 0 remembered devices forgotten.'], stderr: '' });
    expect(revoked.events.map((line) => line.event)).to.deep.equal(['admin.all-sessions-revoked']);
  });

  it('exits 1 with one clear line for an unknown email', async () => {
    expect(await cli('sessions', 'revoke', 'ghost@example.com')).to.deep.include({
      code: 1,
      said: [],
      stderr: 'No user with email ghost@example.com',
    });
  });
});
