import { expect } from 'chai';
import type { SecurityEventType } from '../../../src/application/shared/ports/security-events.js';
import { runCli, type CliDependencies } from '../../../src/cli/run-cli.js';
import { Email } from '../../../src/domain/shared/email.js';
import { inMemoryAccounts } from '../../support/accounts.js';
import { testSecurityEvents } from '../../support/audit/security-events.js';
import { captureLog } from '../../support/captured-log.js';
import { userCommandParts } from './user-command-parts.js';

describe('npm run cli -- administration acts are recorded once each', () => {
  it("logs exactly one event of each operator's act on Ada, with no actor, and stores one row of it on her activity", async () => {
    const accounts = inMemoryAccounts();
    const { users } = accounts;
    for (const email of ['root@example.com', 'ada@example.com']) {
      await users.create({ email: Email.parse(email) as Email, passwordHash: 'h', phone: null });
    }
    await users.setAdmin(1, true);
    const { totp } = accounts.transactions.stores;
    await totp.savePending(2, 'sealed');
    await totp.enable(2, 'sealed', 1, 0);
    const log = captureLog();
    const { events } = testSecurityEvents({ logger: log.logger, audit: accounts.audit });
    const deps = userCommandParts(accounts, events) as CliDependencies;
    const quiet = { log: () => {}, error: () => {} };
    const linesOf = (event: SecurityEventType) => log.lines().filter((line) => line.event === event && line.userId === 2);
    const rowsOf = async (event: SecurityEventType) =>
      (await accounts.audit.listOfUser(2, { before: null, limit: 100 })).filter((row) => row.type === event).length;

    const acts: [string[], SecurityEventType][] = [
      [['admin', 'grant', 'ada@example.com'], 'admin.granted'],
      [['admin', 'revoke', 'ada@example.com'], 'admin.revoked'],
      [['user', 'lock', 'ada@example.com'], 'admin.user-locked'],
      [['user', 'unlock', 'ada@example.com'], 'admin.user-unlocked'],
      [['sessions', 'revoke', 'ada@example.com'], 'admin.sessions-revoked'],
      [['user', 'reset-two-factor', 'ada@example.com', '--yes'], 'admin.two-factor-reset'],
    ];
    for (const [args, event] of acts) {
      expect(await runCli(args, deps, quiet), args.join(' ')).to.equal(0);
      const lines = linesOf(event);
      expect([event, lines.length, await rowsOf(event)]).to.deep.equal([event, 1, 1]);
      expect(lines[0]).not.to.have.property('actorId');
    }

    expect(await runCli(['user', 'delete', 'ada@example.com', '--yes'], deps, quiet)).to.equal(0);
    expect(linesOf('admin.user-deleted')).to.have.length(1);
  });
});
