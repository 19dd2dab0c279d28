import { expect } from 'chai';
import { runCli } from '../../../src/cli/run-cli.js';
import { auditIds } from '../../../src/infrastructure/audit/audit-ids.js';
import { Email } from '../../../src/domain/shared/email.js';
import { InMemoryMailOutbox } from '../../../src/infrastructure/mail/in-memory-mail-outbox.js';
import { cryptoSecretTokens } from '../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { linksIds } from '../../../src/infrastructure/links/links-ids.js';
import { mailIds } from '../../../src/infrastructure/mail/mail-ids.js';
import { twoFactorIds } from '../../../src/infrastructure/two-factor/two-factor-ids.js';
import { inMemoryAccounts, TEST_APP_URL } from '../../support/accounts.js';
import { ManualClock } from '../../support/throttle.js';
import { userCommandParts } from './user-command-parts.js';
import { totpContext } from '../../../src/application/two-factor/totp-secret.js';
import { AesGcmSecretBox } from '../../../src/infrastructure/two-factor/aes-gcm-secret-box.js';
import { TEST_DATA_KEY } from '../../support/test-container.js';

/** The test container's time (a ManualClock's): fixed, so waits and expiries print exactly. */
const NOW = new ManualClock().now();

async function run(
  args: string[],
  {
    locked = false,
    outbox = undefined as InMemoryMailOutbox | undefined,
    prepare = async (_accounts: ReturnType<typeof inMemoryAccounts>): Promise<unknown> => undefined,
  } = {},
) {
  const accounts = inMemoryAccounts();
  const { users } = accounts;
  const { get, replace } = accounts.container;
  // The mail commands read the queue delivery claims from: here, the test's outbox.
  if (outbox) replace(mailIds.queue, outbox);
  await users.create({ email: Email.parse('ops@example.com') as Email, passwordHash: 'h', phone: null });
  await prepare(accounts);
  const out = { log: [] as string[], error: [] as string[] };
  const code = await runCli(
    args,
    {
      migrate: async () => ['20261122000000-create-users'],
      releaseMigrationLock: async () => locked,
      migrationStatus: async () => ({ applied: ['20261122000000-create-users'], pending: [], newer: [], locked }),
      migrateDown: async () => ({ kind: 'rolled-back', name: '20261122000000-create-users' }),
      mailStatus: get(mailIds.mailStatus),
      retryFailedMail: get(mailIds.retryFailedMail),
      createPasswordResetLink: get(linksIds.createPasswordResetLink),
      ...userCommandParts(accounts),
      exportAdminTrail: get(auditIds.exportAdminTrail),
      rekeyTotpSecrets: () => get(twoFactorIds.rekeyTotpSecrets),
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

  it('admin revoke <email> takes the flag away when another administrator can log in', async () => {
    const { code, out, admin } = await run(['admin', 'revoke', 'ops@example.com'], {
      prepare: async ({ users }) => {
        await users.setAdmin(1, true);
        await users.create({ email: Email.parse('root@example.com') as Email, passwordHash: 'h', phone: null });
        await users.setAdmin(2, true);
      },
    });
    expect({ code, admin }).to.deep.equal({ code: 0, admin: false });
    expect(out.log).to.deep.equal(['ops@example.com is now not an administrator.']);
  });

  it('admin revoke <email> refuses the only administrator who can log in with one line, exits 1 and keeps the flag', async () => {
    const { code, out, admin } = await run(['admin', 'revoke', 'ops@example.com'], {
      prepare: async ({ users }) => {
        await users.setAdmin(1, true);
        // A locked administrator cannot log in: they do not count.
        await users.create({ email: Email.parse('locked@example.com') as Email, passwordHash: 'h', phone: null });
        await users.setAdmin(2, true);
        await users.setLocked(2, true);
      },
    });
    expect({ code, admin, log: out.log }).to.deep.equal({ code: 1, admin: true, log: [] });
    expect(out.error).to.deep.equal([
      'ops@example.com is the only administrator who can log in: make another user an administrator first.',
    ]);
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

  it('migrate status and migrate down --yes reach their commands', async () => {
    expect((await run(['migrate', 'status'])).out.log).to.deep.equal(['applied  20261122000000-create-users', '1 applied, 0 pending.']);
    expect((await run(['migrate', 'down', '--yes'])).out.log).to.deep.equal(['Rolled back 20261122000000-create-users.']);
  });

  it('migrate unlock says so when nothing was locked', async () => {
    const { code, out } = await run(['migrate', 'unlock']);
    expect(code).to.equal(0);
    expect(out.log).to.deep.equal(['The migrations were not locked.']);
  });

  describe('mail', () => {
    /** Two messages queued 12 and 3 minutes ago, and one that failed. */
    async function queueWithBacklog(): Promise<InMemoryMailOutbox> {
      const outbox = new InMemoryMailOutbox();
      await outbox.enqueue({ kind: 'password-changed', to: 'failed@example.com' }, NOW - 3_600_000);
      await outbox.enqueue({ kind: 'password-changed', to: 'a@example.com' }, NOW - 12 * 60_000);
      await outbox.enqueue({ kind: 'password-changed', to: 'b@example.com' }, NOW - 3 * 60_000);
      const failed = await outbox.claimNext(NOW - 12 * 60_000, { leaseMs: 1000, lapsedGraceMs: 1000 });
      if (failed) await outbox.fail(failed, '550 no such user');
      return outbox;
    }

    it('mail status prints the pending count with the oldest wait, and the failed count', async () => {
      const { code, out } = await run(['mail', 'status'], { outbox: await queueWithBacklog() });
      expect(code).to.equal(0);
      expect(out.log).to.deep.equal([
        'Pending: 2 (the oldest has waited 12 min)',
        'Failed: 1 (npm run cli -- mail retry queues them again)',
      ]);
    });

    it('mail status on an empty queue prints zeros', async () => {
      const { code, out } = await run(['mail', 'status']);
      expect(code).to.equal(0);
      expect(out.log).to.deep.equal(['Pending: 0', 'Failed: 0']);
    });

    it('mail retry queues the failed messages again and says how many', async () => {
      const outbox = await queueWithBacklog();
      const { code, out } = await run(['mail', 'retry'], { outbox });
      expect(code).to.equal(0);
      expect(out.log).to.deep.equal(['Queued 1 failed message(s) again.']);
      expect(await outbox.status()).to.deep.equal({ pending: 3, failed: 0, oldestPendingQueuedAt: NOW - 12 * 60_000 });
    });

    it('mail retry with nothing failed says so', async () => {
      const { out } = await run(['mail', 'retry']);
      expect(out.log).to.deep.equal(['No failed messages to queue again.']);
    });
  });

  describe('user reset-link <email>', () => {
    it('prints a working password reset link on APP_URL, with its expiry, and queues no mail', async () => {
      const { code, out, accounts } = await run(['user', 'reset-link', ' OPS@example.com']);

      expect(code).to.equal(0);
      expect(out.log[0]).to.equal(
        `Password reset link for ops@example.com, valid once until ${new Date(accounts.clock.now() + 3_600_000).toISOString()} (an earlier link stops working):`,
      );
      const link = new URL(out.log[1] ?? '');
      expect(`${link.origin}${link.pathname}`).to.equal(`${TEST_APP_URL}/password/reset`);
      const token = link.searchParams.get('token') ?? '';
      const stored = await accounts.tokens.find('password-reset', cryptoSecretTokens.hashOf(token), accounts.clock.now());
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

  for (const args of [[], ['mail'], ['mail', 'purge'], ['mail', 'status', 'now'], ['admin'], ['user'], ['user', 'reset-link'], ['user', 'reset-link', 'a@b.co', 'extra'], ['migrate', 'lock'], ['migrate', 'unlock', 'now'], ['migrate', 'status', 'now'], ['migrate', 'down', '--force'], ['migrate', 'down', '--yes', '--yes'], ['admin', 'promote', 'ops@example.com'], ['admin', 'grant', 'a@b.co', 'extra']]) {
    it(`prints the usage and exits 2 for "${args.join(' ')}"`, async () => {
      const { code, out } = await run(args);
      expect(code).to.equal(2);
      expect(out.error.join('\n')).to.include('Usage: npm run cli -- <command>');
    });
  }

  describe('two-factor rekey', () => {
    it('seals every TOTP secret with the newest key and says how many', async () => {
      const { code, out } = await run(['two-factor', 'rekey'], {
        prepare: (accounts) =>
          accounts.transactions.stores.totp.savePending(1, new AesGcmSecretBox([TEST_DATA_KEY]).seal('SECRET', totpContext(1))),
      });
      expect({ code, log: out.log, error: out.error }).to.deep.equal({
        code: 0,
        log: ['Sealed 0 TOTP secret(s) again with the newest key; 1 already were.'],
        error: [],
      });
    });

    it('exits 1 naming the users whose secret no configured key opens', async () => {
      const lost = new AesGcmSecretBox([Buffer.alloc(32, 5)]);
      const { code, out } = await run(['two-factor', 'rekey'], {
        prepare: (accounts) => accounts.transactions.stores.totp.savePending(1, lost.seal('SECRET', totpContext(1))),
      });
      expect(code).to.equal(1);
      expect(out.error[0]).to.match(/^1 TOTP secret\(s\) open with no configured key \(user ids 1\)/);
    });
  });
});
