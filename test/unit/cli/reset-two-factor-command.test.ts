import { expect } from 'chai';
import { runCli, type CliDependencies } from '../../../src/cli/run-cli.js';
import { Email } from '../../../src/domain/shared/email.js';
import { inMemoryAccounts } from '../../support/accounts.js';
import { captureLog } from '../../support/captured-log.js';
import { testSecurityEvents } from '../../support/audit/security-events.js';
import { userCommandParts } from './user-command-parts.js';

/** Root (1, administrator) and Ada (2) with the authenticator app on, ten recovery codes and a passkey; runs one command. */
async function run(args: string[]) {
  const accounts = inMemoryAccounts();
  const { users, transactions } = accounts;
  for (const email of ['root@example.com', 'ada@example.com']) {
    await users.create({ email: Email.parse(email) as Email, passwordHash: 'h', phone: null });
  }
  await users.setAdmin(1, true);
  const { totp, recoveryCodes, passkeys } = transactions.stores;
  await totp.savePending(2, 'sealed');
  await totp.enable(2, 'sealed', 1, 0);
  await recoveryCodes.replace(2, Array.from({ length: 10 }, (_, i) => `hash-${i}`));
  await passkeys.add({
    userId: 2,
    credentialId: 'cred',
    publicKey: new Uint8Array([1]),
    counter: 0,
    transports: [],
    userHandle: 'handle',
    name: 'phone',
    backedUp: false,
    createdAt: 0,
  });
  const log = captureLog();
  const { events, audit } = testSecurityEvents({ logger: log.logger, audit: accounts.audit });
  const deps = userCommandParts(accounts, events) as CliDependencies;
  const out = { log: [] as string[], error: [] as string[] };
  const code = await runCli(args, deps, { log: (line) => out.log.push(line), error: (line) => out.error.push(line) });
  await events.settled();
  return { code, out, totp, recoveryCodes, passkeys, log, audit, deps, outbox: accounts.outbox };
}

describe('npm run cli -- user reset-two-factor', () => {
  it("removes the user's authenticator app, recovery codes and passkeys, by email or by id", async () => {
    for (const who of ['ADA@example.com', '2']) {
      const { code, out, totp, recoveryCodes, passkeys } = await run(['user', 'reset-two-factor', who, '--yes']);
      expect(code).to.equal(0);
      expect(out.log).to.deep.equal([
        'Reset the two-factor login of ada@example.com (removed authenticator app, 10 recovery codes, 1 passkey): ' +
          'their next login asks for the password only.',
      ]);
      expect(await totp.find(2)).to.equal(null);
      expect(await recoveryCodes.countUnused(2)).to.equal(0);
      expect(await passkeys.countOfUser(2)).to.equal(0);
    }
  });

  it('records the act in the log and on the user\'s activity, with no administrator as actor', async () => {
    const { log, audit } = await run(['user', 'reset-two-factor', 'ada@example.com', '--yes']);
    expect(log.lines().map((line) => [line.event, line.userId, line.actorId ?? null])).to.deep.equal([['admin.two-factor-reset', 2, null]]);
    const stored = await audit.listOfUser(2, { before: null, limit: 10 });
    expect(stored.map((event) => [event.type, event.actorId])).to.deep.equal([['admin.two-factor-reset', null]]);
  });

  it('mails the user that an operator reset their two-factor login', async () => {
    const { outbox } = await run(['user', 'reset-two-factor', 'ada@example.com', '--yes']);
    expect(outbox.queued).to.deep.equal([{ kind: 'second-factor-changed', to: 'ada@example.com', change: { kind: 'reset-by-operator' } }]);
  });

  it('needs --yes, and removes nothing without it', async () => {
    const { code, out, totp, outbox } = await run(['user', 'reset-two-factor', 'ada@example.com']);
    expect(code).to.equal(1);
    expect(out.error).to.deep.equal([
      'This removes every second factor of ada@example.com (authenticator app, recovery codes, passkeys): add --yes to confirm.',
    ]);
    expect(await totp.find(2)).not.to.equal(null);
    expect(outbox.queued).to.deep.equal([]);
  });

  it('says when the user has no second factor, and exits 0; logged as the pages log it, with no actor, and kept off the activity', async () => {
    const { code, out, log, outbox, audit } = await run(['user', 'reset-two-factor', 'root@example.com', '--yes']);
    expect([code, out.log]).to.deep.equal([0, ['root@example.com has no second factor: nothing to reset.']]);
    expect(log.lines().map((line) => [line.event, line.userId, line.actorId ?? null, line.reason])).to.deep.equal([
      ['admin.action-refused', 1, null, 'reset-two-factor/none'],
    ]);
    expect(await audit.listOfUser(1, { before: null, limit: 10 })).to.deep.equal([]);
    expect(outbox.queued).to.deep.equal([]);
  });

  it('exits 1 with a clear line for an unknown email or id, or text that is neither', async () => {
    const answers = [];
    for (const who of ['ghost@example.com', '99', 'ghost', '02']) {
      const { code, out } = await run(['user', 'reset-two-factor', who, '--yes']);
      answers.push([code, ...out.error]);
    }
    expect(answers).to.deep.equal([
      [1, 'No user with email ghost@example.com'],
      [1, 'No user with id 99'],
      [1, 'Not a valid email address or user id: ghost'],
      [1, 'Not a valid email address or user id: 02'],
    ]);
  });

  for (const args of [['user', 'reset-two-factor'], ['user', 'reset-two-factor', '--yes'], ['user', 'reset-two-factor', 'a@b.co', '--force']]) {
    it(`prints the usage, which names it, and exits 2 for "${args.join(' ')}"`, async () => {
      const { code, out } = await run(args);
      expect(code).to.equal(2);
      expect(out.error.join('\n')).to.include('user reset-two-factor <email|id> --yes');
    });
  }
});

describe('npm run cli -- user show', () => {
  it('prints which second factors the user has', async () => {
    const { out } = await run(['user', 'show', 'ada@example.com']);
    expect(out.log).to.include('  Two-factor:     on (authenticator app on, 1 passkey(s), 10 recovery code(s) left)');
  });
});
