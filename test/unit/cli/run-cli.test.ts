import { expect } from 'chai';
import { CreatePasswordResetLink } from '../../../src/application/create-password-reset-link.js';
import { SetAdminFlag } from '../../../src/application/set-admin-flag.js';
import { runCli } from '../../../src/cli/run-cli.js';
import { Email } from '../../../src/domain/email.js';
import { cryptoSecretTokens } from '../../../src/infrastructure/security/crypto-secret-tokens.js';
import { inMemoryAccounts, TEST_APP_URL, testLinkTokens } from '../../support/accounts.js';
import { ManualClock } from '../../support/throttle.js';

const clock = new ManualClock();

async function run(args: string[], { locked = false } = {}) {
  const accounts = inMemoryAccounts();
  const { users } = accounts;
  await users.create({ email: Email.parse('ops@example.com') as Email, passwordHash: 'h', phone: null });
  const out = { log: [] as string[], error: [] as string[] };
  const code = await runCli(
    args,
    {
      migrate: async () => ['20261122000000-create-users'],
      releaseMigrationLock: async () => locked,
      setAdminFlag: new SetAdminFlag(users),
      createPasswordResetLink: new CreatePasswordResetLink(accounts.transactions, testLinkTokens(), clock),
    },
    { log: (line) => out.log.push(line), error: (line) => out.error.push(line) },
  );
  return { code, out, admin: (await users.findById(1))?.admin, accounts };
}

describe('npm run cli', () => {
  it('admin grant <email> makes the user an administrator and says so', async () => {
    const { code, out, admin } = await run(['admin', 'grant', 'OPS@example.com']);
    expect({ code, admin }).to.deep.equal({ code: 0, admin: true });
    expect(out.log).to.deep.equal(['ops@example.com is now an administrator.']);
  });

  it('admin revoke <email> on a non-admin says it already is not one', async () => {
    const { code, out, admin } = await run(['admin', 'revoke', 'ops@example.com']);
    expect({ code, admin }).to.deep.equal({ code: 0, admin: false });
    expect(out.log).to.deep.equal(['ops@example.com is already not an administrator.']);
  });

  it('exits 1 with a clear message for an unknown email', async () => {
    const { code, out } = await run(['admin', 'grant', 'ghost@example.com']);
    expect(code).to.equal(1);
    expect(out.error).to.deep.equal(['No user with email ghost@example.com']);
  });

  it('exits 1 for a malformed email', async () => {
    const { code, out } = await run(['admin', 'grant', 'ghost']);
    expect(code).to.equal(1);
    expect(out.error).to.deep.equal(['Not a valid email address: ghost']);
  });

  it('migrate reports the migrations applied', async () => {
    const { code, out } = await run(['migrate']);
    expect(code).to.equal(0);
    expect(out.log).to.deep.equal(['Applied 1 migration(s): 20261122000000-create-users']);
  });

  it('migrate unlock says it released a lock that was set', async () => {
    const { code, out } = await run(['migrate', 'unlock'], { locked: true });
    expect(code).to.equal(0);
    expect(out.log).to.deep.equal(['Released the migration lock.']);
  });

  it('migrate unlock says so when nothing was locked', async () => {
    const { code, out } = await run(['migrate', 'unlock']);
    expect(code).to.equal(0);
    expect(out.log).to.deep.equal(['The migrations were not locked.']);
  });

  describe('user reset-link <email>', () => {
    it('prints a working password reset link on APP_URL, with its expiry, and queues no mail', async () => {
      const { code, out, accounts } = await run(['user', 'reset-link', ' OPS@example.com']);

      expect(code).to.equal(0);
      expect(out.log[0]).to.equal(
        `Password reset link for ops@example.com, valid once until ${new Date(clock.now() + 3_600_000).toISOString()} (an earlier link stops working):`,
      );
      const link = new URL(out.log[1] ?? '');
      expect(`${link.origin}${link.pathname}`).to.equal(`${TEST_APP_URL}/password/reset`);
      const token = link.searchParams.get('token') ?? '';
      const stored = await accounts.tokens.find('password-reset', cryptoSecretTokens.hashOf(token), clock.now());
      expect(stored?.userId).to.equal(1);
      expect(accounts.outbox.queued).to.deep.equal([]);
    });

    it('exits 1 with a clear line for an unknown email, and issues nothing', async () => {
      const { code, out, accounts } = await run(['user', 'reset-link', 'ghost@example.com']);
      expect(code).to.equal(1);
      expect(out.error).to.deep.equal(['No user with email ghost@example.com']);
      expect(out.log).to.deep.equal([]);
      expect(await accounts.tokens.purgeExpired(Number.MAX_SAFE_INTEGER)).to.equal(0);
    });

    it('exits 1 with a clear line for an invalid email', async () => {
      const { code, out } = await run(['user', 'reset-link', 'ghost']);
      expect(code).to.equal(1);
      expect(out.error).to.deep.equal(['Not a valid email address: ghost']);
    });
  });

  for (const args of [[], ['admin'], ['user'], ['user', 'reset-link'], ['user', 'reset-link', 'a@b.co', 'extra'], ['migrate', 'lock'], ['migrate', 'unlock', 'now'], ['admin', 'promote', 'ops@example.com'], ['admin', 'grant', 'a@b.co', 'extra']]) {
    it(`prints the usage and exits 2 for "${args.join(' ')}"`, async () => {
      const { code, out } = await run(args);
      expect(code).to.equal(2);
      expect(out.error.join('\n')).to.include('Usage: npm run cli -- <command>');
    });
  }
});
