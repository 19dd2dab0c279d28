import { expect } from 'chai';
import type { Knex } from 'knex';
import { AuthThrottle } from '../../../src/application/shared/auth-throttle.js';
import { ChangePassword } from '../../../src/application/accounts/change-password.js';
import { ConfirmEmailChange } from '../../../src/application/links/confirm-email-change.js';
import { CurrentPasswordCheck } from '../../../src/application/shared/current-password-check.js';
import { DeleteAccount } from '../../../src/application/accounts/delete-account.js';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import { RequestEmailChange } from '../../../src/application/links/request-email-change.js';
import { Email } from '../../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { KnexRememberTokens } from '../../../src/infrastructure/devices/knex-remember-tokens.js';
import { KnexOneTimeTokens } from '../../../src/infrastructure/links/knex-one-time-tokens.js';
import { sqlTransactions } from '../../support/test-container.js';
import { KnexUserRepository } from '../../../src/infrastructure/shared/users/knex-user-repository.js';
import { cryptoSecretTokens } from '../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { ZxcvbnCommonPasswords } from '../../../src/infrastructure/shared/passwords/zxcvbn-common-passwords.js';
import { MemorySessionStorage } from '../../../src/infrastructure/shared/sessions/memory-session-storage.js';
import { InMemoryAttemptCounter } from '../../../src/infrastructure/shared/throttling/in-memory-attempt-counter.js';
import { accountLinks } from '../../../src/web/links/account-links.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { FakePasswordHasher } from '../../support/fake-password-hasher.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { CLIENT_ADDRESS, ManualClock } from '../../support/throttle.js';
import { EndSessions } from '../../../src/application/devices/end-sessions.js';

const TABLES = ['users', 'one_time_tokens', 'mail_outbox'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The account use cases on the Knex adapters of one database, and people to use them. */
async function onDatabase(db: Knex) {
  const clock = new ManualClock(Date.now());
  const users = new KnexUserRepository(db);
  const tokens = new KnexOneTimeTokens(db);
  const transactions = sqlTransactions(db);
  const hasher = new FakePasswordHasher();
  const sessions = new MemorySessionStorage();
  const endSessions = new EndSessions(sessions, new KnexRememberTokens(db));
  const throttle = new AuthThrottle(new InMemoryAttemptCounter(), clock);
  const check = new CurrentPasswordCheck(users, hasher, throttle);
  const links = accountLinks('https://auth.example.com');
  const person = async (email: string) =>
    users.create({ email: Email.fromTrusted(email), passwordHash: await hasher.hash(`${email}-password`), phone: null });
  const input = (user: { id: number; email: Email }) => ({
    userId: user.id,
    currentPassword: `${user.email.value}-password`,
    clientAddress: CLIENT_ADDRESS,
  });
  return {
    db,
    users,
    tokens,
    clock,
    person,
    input,
    request: new RequestEmailChange(check, throttle, cryptoSecretTokens, links, transactions, clock, DAY_MS),
    confirm: new ConfirmEmailChange(cryptoSecretTokens, transactions, clock),
    changePassword: new ChangePassword(check, hasher, new ZxcvbnCommonPasswords(), transactions, endSessions, clock),
    deleteAccount: new DeleteAccount(check, transactions, endSessions),
    queued: () => queued(db),
    /** The token of the link in the latest message to `to`. */
    linkTo: async (to: string) => {
      const mail = (await queued(db)).filter((m) => m.to === to).at(-1);
      return new URL((mail as { link: string }).link).searchParams.get('token') ?? '';
    },
  };
}

/** The messages queued in the outbox table, oldest first. */
async function queued(db: Knex): Promise<OutgoingMail[]> {
  const rows: { payload: string }[] = await db('mail_outbox').orderBy('id').select('payload');
  return rows.map((row) => JSON.parse(row.payload) as OutgoingMail);
}

type Subject = Awaited<ReturnType<typeof onDatabase>>;

function accountChanges(open: () => Promise<Subject>): void {
  let subject: Subject;
  beforeEach(async () => {
    subject = await open();
  });

  it('changes the email through the link, and tells the old address in the same transaction', async () => {
    const { person, input, request, confirm, linkTo, users, queued } = subject;
    const ada = await person('ada@example.com');
    await request.execute({ ...input(ada), newEmail: 'lovelace@example.com' });

    const result = await confirm.execute(await linkTo('lovelace@example.com'));

    expect(result).to.deep.equal({ kind: 'ok', userId: ada.id, newEmail: 'lovelace@example.com' });
    expect((await users.findById(ada.id))?.email.value).to.equal('lovelace@example.com');
    expect((await queued()).at(-1)).to.deep.equal({
      kind: 'email-changed',
      to: 'ada@example.com',
      newEmail: 'lovelace@example.com',
    });
  });

  it('lets one of two users confirm the same new address at once; the other fails and keeps everything', async () => {
    const { person, input, request, confirm, linkTo, users, tokens, clock } = subject;
    const ada = await person('ada@example.com');
    const grace = await person('grace@example.com');
    await request.execute({ ...input(ada), newEmail: 'shared@example.com' });
    const adaLink = await linkTo('shared@example.com');
    await request.execute({ ...input(grace), newEmail: 'shared@example.com' });
    const graceLink = await linkTo('shared@example.com');

    const results = await Promise.all([confirm.execute(adaLink), confirm.execute(graceLink)]);

    expect(results.map((r) => r.kind).sort()).to.deep.equal(['email-taken', 'ok']);
    const [winner, loser] = results[0]?.kind === 'ok' ? [ada, grace] : [grace, ada];
    const loserLink = loser === ada ? adaLink : graceLink;
    expect((await users.findById(winner.id))?.email.value).to.equal('shared@example.com');
    expect((await users.findById(loser.id))?.email.value).to.equal(loser.email.value);
    expect(await tokens.find('email-change', cryptoSecretTokens.hashOf(loserLink), clock.now())).to.not.equal(null);
  });

  it('changes the password, voids the reset links and queues the notice together', async () => {
    const { person, input, changePassword, tokens, clock, queued } = subject;
    const ada = await person('ada@example.com');
    const expiresAt = clock.now() + DAY_MS;
    await tokens.issue({ tokenHash: 'a'.repeat(64), purpose: 'password-reset', userId: ada.id, newEmail: null, expiresAt });

    const result = await changePassword.execute({ ...input(ada), newPassword: 'difference-engine' });

    expect(result.kind).to.equal('ok');
    expect(await tokens.find('password-reset', 'a'.repeat(64), clock.now())).to.equal(null);
    expect(await queued()).to.deep.equal([{ kind: 'password-changed', to: 'ada@example.com' }]);
  });

  it('leaves one administrator when the last two delete their accounts at once', async () => {
    const { person, input, deleteAccount, users } = subject;
    const ada = await person('ada@example.com');
    const grace = await person('grace@example.com');
    await users.setAdmin(ada.id, true);
    await users.setAdmin(grace.id, true);

    const results = await Promise.all([
      deleteAccount.execute({ ...input(ada), confirmed: true }),
      deleteAccount.execute({ ...input(grace), confirmed: true }),
    ]);

    expect(results.map((r) => r.kind).sort()).to.deep.equal(['last-admin', 'ok']);
    expect(await users.countAdmins()).to.equal(1);
  });

  it('deletes a user and their links, and refuses the last administrator', async () => {
    const { person, input, deleteAccount, users, tokens, clock } = subject;
    const ada = await person('ada@example.com');
    const grace = await person('grace@example.com');
    await users.setAdmin(ada.id, true);
    const token = { tokenHash: 'b'.repeat(64), purpose: 'email-verification', userId: grace.id, newEmail: null } as const;
    await tokens.issue({ ...token, expiresAt: clock.now() + DAY_MS });

    expect(await deleteAccount.execute({ ...input(ada), confirmed: true })).to.deep.equal({ kind: 'last-admin' });
    expect(await deleteAccount.execute({ ...input(grace), confirmed: true })).to.deep.equal({ kind: 'ok' });

    expect(await users.findById(ada.id)).to.not.equal(null);
    expect(await users.findById(grace.id)).to.equal(null);
    expect(await tokens.deleteAllOfUser(grace.id)).to.equal(0);
  });
}

describe('account changes on every database', () => {
  describe('on SQLite', () => {
    let db: Knex | undefined;
    afterEach(async () => {
      await db?.destroy();
    });
    accountChanges(async () => {
      db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return onDatabase(db);
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`on ${server.name}`, () => {
      const db = useMigratedDatabase(server);
      accountChanges(async () => {
        for (const table of TABLES) await db()(table).truncate();
        return onDatabase(db());
      });
    });
  }
});
