import { expect } from 'chai';
import type { Knex } from 'knex';
import type { OutgoingMail } from '../../../src/application/mail/outgoing-mail.js';
import { Email } from '../../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { ManualClock } from '../../support/throttle.js';
import { testRequest } from '../../support/audit/security-events.js';
import { testContainer } from '../../support/test-container.js';
import { cryptoSecretTokens } from '../../../src/infrastructure/shared/crypto-secret-tokens.js';
import { accountsIds } from '../../../src/infrastructure/accounts/accounts-ids.js';
import { devicesIds } from '../../../src/infrastructure/devices/devices-ids.js';
import { linksIds } from '../../../src/infrastructure/links/links-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { KnexPasskeys } from '../../../src/infrastructure/passkeys/knex-passkeys.js';
import { KnexRecoveryCodes } from '../../../src/infrastructure/two-factor/knex-recovery-codes.js';
import { KnexTotpCredentials } from '../../../src/infrastructure/two-factor/knex-totp-credentials.js';
import { storedPasskey } from '../../support/passkeys/passkeys.js';
import { rememberOn } from '../../support/remember-me.js';

const TABLES = ['users', 'one_time_tokens', 'mail_outbox', 'passkeys', 'totp_credentials', 'recovery_codes', 'remember_tokens', 'audit_events', 'known_devices'];
/** The request every change here comes in. */
const REQUEST = testRequest();
const DAY_MS = 24 * 60 * 60 * 1000;

/** The account use cases on the Knex adapters of one database, as the composition root builds them, and people to use them. */
async function onDatabase(db: Knex) {
  const clock = new ManualClock(Date.now());
  const { get } = testContainer({ database: db, clock });
  const users = get(sharedIds.users);
  const tokens = get(linksIds.oneTimeTokens);
  const hasher = get(sharedIds.hasher);
  const rememberTokens = get(devicesIds.rememberTokens);
  const linkTokens = get(linksIds.linkTokens);
  const person = async (email: string) =>
    users.create({ email: Email.fromTrusted(email), passwordHash: await hasher.hash(`${email}-password`), phone: null });
  const input = (user: { id: number; email: Email }) => ({
    userId: user.id,
    currentPassword: `${user.email.value}-password`,
    request: REQUEST,
  });
  const confirmEmailChange = get(linksIds.confirmEmailChange);
  return {
    db,
    users,
    tokens,
    clock,
    person,
    input,
    request: get(linksIds.requestEmailChange),
    /** Follows an email-change link with this token. */
    confirm: { execute: (token: unknown) => confirmEmailChange.execute({ token, request: REQUEST }) },
    changePassword: get(accountsIds.changePassword),
    deleteAccount: get(accountsIds.deleteAccount),
    knownDevices: get(devicesIds.knownDevices),
    resetPassword: get(linksIds.resetPassword),
    /** Issues a reset link for the user and returns its token, as the message would carry it. */
    resetToken: async (user: { id: number; email: Email }) => {
      const stored = await users.findById(user.id);
      if (!stored) throw new Error(`no user ${user.id}`);
      const { link } = await linkTokens.issue(tokens, 'password-reset', stored, clock.now());
      return new URL(link).searchParams.get('token') ?? '';
    },
    /** Gives the user an authenticator app, a passkey, two recovery codes and a remembered device. */
    addSecondFactors: async (userId: number, name: string) => {
      await new KnexTotpCredentials(db).savePending(userId, 'sealed');
      await new KnexTotpCredentials(db).enable(userId, 'sealed', 1, clock.now());
      await new KnexRecoveryCodes(db).replace(userId, [`${name}1`.padEnd(64, '0'), `${name}2`.padEnd(64, '0')]);
      await new KnexPasskeys(db).add(storedPasskey(userId, name));
      await rememberOn(rememberTokens, userId, clock.now());
    },
    /** What is left of the user's second factors and remembered devices. */
    leftOf: async (userId: number) => ({
      totp: (await new KnexTotpCredentials(db).find(userId)) !== null,
      recoveryCodes: await new KnexRecoveryCodes(db).countUnused(userId),
      passkeys: await new KnexPasskeys(db).countOfUser(userId),
      rememberedDevices: (await rememberTokens.listOfUser(userId, clock.now())).length,
    }),
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

  it('resets the password of an address proved only now, removing the second factors and devices on its transaction', async () => {
    const { person, resetPassword, resetToken, addSecondFactors, leftOf, users, queued } = subject;
    const ada = await person('ada@example.com');
    const grace = await person('grace@example.com');
    await addSecondFactors(ada.id, 'ada');
    await addSecondFactors(grace.id, 'grace');

    expect(await resetPassword.execute({ token: await resetToken(ada), password: 'difference-engine', request: REQUEST })).to.deep.equal({
      kind: 'ok',
      userId: ada.id,
      secondFactorsRemoved: true,
    });

    expect(await leftOf(ada.id)).to.deep.equal({ totp: false, recoveryCodes: 0, passkeys: 0, rememberedDevices: 0 });
    expect(await leftOf(grace.id)).to.deep.equal({ totp: true, recoveryCodes: 2, passkeys: 1, rememberedDevices: 1 });
    expect((await users.findById(ada.id))?.emailVerified).to.equal(true);
    const factors = { authenticatorApp: true, passkeyNames: ['ada'], recoveryCodes: 2 };
    expect((await queued()).at(-1)).to.deep.equal({
      kind: 'password-changed',
      to: 'ada@example.com',
      secondFactors: { kind: 'removed', factors },
    });
  });

  it('resets the password of a verified address, keeping its second factors', async () => {
    const { person, resetPassword, resetToken, addSecondFactors, leftOf, users, queued } = subject;
    const ada = await person('ada@example.com');
    await users.markEmailVerified(ada.id);
    await addSecondFactors(ada.id, 'ada');

    expect((await resetPassword.execute({ token: await resetToken(ada), password: 'difference-engine', request: REQUEST })).kind).to.equal('ok');

    expect(await leftOf(ada.id)).to.deep.equal({ totp: true, recoveryCodes: 2, passkeys: 1, rememberedDevices: 0 });
    const factors = { authenticatorApp: true, passkeyNames: ['ada'], recoveryCodes: 2 };
    expect((await queued()).at(-1)).to.deep.equal({ kind: 'password-changed', to: 'ada@example.com', secondFactors: { kind: 'kept', factors } });
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

  it('forgets the devices a deleted account logged in on, and keeps them through a new password', async () => {
    const { person, input, deleteAccount, changePassword, knownDevices, clock } = subject;
    const ada = await person('ada@example.com');
    const grace = await person('grace@example.com');
    for (const user of [ada, grace]) await knownDevices.seen(user.id, 'd'.repeat(64), clock.now());

    const changed = await changePassword.execute({ ...input(ada), newPassword: 'a brand new password' });
    expect(changed.kind).to.equal('ok');
    expect(await deleteAccount.execute({ ...input(grace), confirmed: true })).to.deep.equal({ kind: 'ok' });

    expect(await knownDevices.ofUser(ada.id)).to.have.length(1);
    expect(await knownDevices.ofUser(grace.id)).to.deep.equal([]);
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
