import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { openDatabase } from '../../src/infrastructure/persistence/database.js';
import { KnexRecoveryCodes } from '../../src/infrastructure/two-factor/knex-recovery-codes.js';
import { KnexTotpCredentials } from '../../src/infrastructure/two-factor/knex-totp-credentials.js';
import { startProcess } from '../support/app-process.js';
import { useCliDatabase } from '../support/cli-database.js';

describe('npm run cli -- user reset-two-factor and user show, through the composition root', () => {
  const database = useCliDatabase('gatehouse-reset-two-factor-');
  const env = () => ({ DATABASE_URL: `sqlite:${database()}` });

  async function cli(...args: string[]) {
    const command = startProcess('cli/main.ts', env(), args);
    const code = await command.exited;
    const said = command.lines.filter((line) => line.text !== undefined).map((line) => String(line.text));
    return { code, said, stderr: command.stderr().trim(), events: command.lines.filter((line) => line.event !== undefined) };
  }

  it("shows Ada's authenticator app, removes it with her recovery codes, and needs no data key to do so", async () => {
    const db = openDatabase({ url: { client: 'sqlite', filename: database() }, poolMax: 1 });
    try {
      const totp = new KnexTotpCredentials(db);
      await totp.savePending(1, 'sealed-secret');
      await totp.enable(1, 'sealed-secret', 1, Date.now());
      await new KnexRecoveryCodes(db).replace(1, ['hash-1', 'hash-2']);
    } finally {
      await db.destroy();
    }

    const shown = await cli('user', 'show', 'ada@example.com');
    expect(shown.said.find((line) => line.includes('Two-factor:'))).to.match(/Two-factor: +on \(authenticator app on, .*2 recovery code\(s\) left\)/);

    const reset = await cli('user', 'reset-two-factor', '1', '--yes');
    expect(reset).to.deep.include({
      code: 0,
      said: [
        'Reset the two-factor login of ada@example.com (removed authenticator app, 2 recovery codes): ' +
          'their next login asks for the password only.',
      ],
      stderr: '',
    });
    expect(reset.events.map((line) => [line.event, line.userId])).to.deep.equal([['admin.two-factor-reset', 1]]);
    expect((await cli('user', 'reset-two-factor', 'ada@example.com', '--yes')).said).to.deep.equal([
      'ada@example.com has no second factor: nothing to reset.',
    ]);
    // Only a command that reads a secret makes the development data key.
    expect(existsSync(join(dirname(database()), 'data-encryption.key'))).to.equal(false);
  });
});
