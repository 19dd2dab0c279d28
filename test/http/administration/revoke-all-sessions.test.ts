import { expect } from 'chai';
import { runCli, type CliDependencies } from '../../../src/cli/run-cli.js';
import { accountsIds } from '../../../src/infrastructure/accounts/accounts-ids.js';
import { administrationIds } from '../../../src/infrastructure/administration/administration-ids.js';
import { ADA, submit } from '../../support/accounts/account-client.js';
import { ROOT, rootAndAda } from '../../support/administration/admin-client.js';
import { onEveryBackend } from '../../support/app-backends.js';
import { logInRemembered, withRememberCookie } from '../../support/devices/remember-client.js';
import type { TestApp } from '../../support/test-app.js';
import { browser } from '../../support/test-app.js';

/** Runs one command against the app's own composition root; resolves its exit code and lines. */
async function cli(built: TestApp, ...args: string[]) {
  const deps = {
    listUsers: built.get(administrationIds.listUsers),
    administration: built.get(administrationIds.administration),
    exportPersonalData: built.get(accountsIds.exportPersonalData),
  } as CliDependencies;
  const out = { log: [] as string[], error: [] as string[] };
  const code = await runCli(args, deps, { log: (line) => out.log.push(line), error: (line) => out.error.push(line) });
  return { code, ...out };
}

describe('npm run cli -- sessions revoke-all', () => {
  onEveryBackend((build) => {
    it('logs every user out and forgets every remembered device; everyone may log in again', async () => {
      const built = await build();
      const { root, ada } = await rootAndAda(built);
      const remembered = await logInRemembered(built.app, ADA);

      expect(await cli(built, 'sessions', 'revoke-all', '--yes')).to.deep.equal({
        code: 0,
        log: ['Logged every user out: 3 sessions ended, 1 remembered device forgotten.'],
        error: [],
      });

      for (const client of [root, ada, remembered.client]) {
        expect((await client.get('/users/profile')).headers.location).to.equal('/login');
      }
      expect((await withRememberCookie(built.app, remembered.cookie)).headers.location).to.equal('/login');
      expect((await submit(browser(built.app), '/login', ADA)).success).to.equal('Successfully logged in.');
      expect((await submit(browser(built.app), '/login', ROOT)).success).to.equal('Successfully logged in.');
    });

    it('without --yes says what it would do, exits 1 and ends nothing', async () => {
      const built = await build();
      const { ada } = await rootAndAda(built);

      expect(await cli(built, 'sessions', 'revoke-all')).to.deep.equal({
        code: 1,
        log: [],
        error: ['This logs every user out and forgets every remembered device: add --yes to confirm.'],
      });
      await ada.get('/users/profile').expect(200);
    });
  });
});
