import { expect } from 'chai';
import { startProcess } from '../support/app-process.js';
import { useCliDatabase } from '../support/cli-database.js';

describe('npm run cli -- user reset-link', () => {
  const database = useCliDatabase('gatehouse-reset-link-');
  const env = () => ({ DATABASE_URL: `sqlite:${database()}`, APP_URL: 'https://auth.example.com' });

  it('prints a reset link on APP_URL and exits 0', async () => {
    const cli = startProcess('cli/main.ts', env(), ['user', 'reset-link', 'ada@example.com']);

    expect(await cli.exited).to.equal(0);
    const said = cli.lines.map((line) => String(line.text));
    expect(said[0]).to.match(/^Password reset link for ada@example\.com, valid once until \d{4}-\d\d-\d\dT/);
    expect(said[1]).to.match(/^https:\/\/auth\.example\.com\/password\/reset\?token=[A-Za-z0-9_-]{43}$/);
  });

  it('exits 1 with one clear line for an unknown email', async () => {
    const cli = startProcess('cli/main.ts', env(), ['user', 'reset-link', 'ghost@example.com']);

    expect(await cli.exited).to.equal(1);
    expect(cli.stderr().trim()).to.equal('No user with email ghost@example.com');
    expect(cli.lines).to.deep.equal([]);
  });
});
