import { expect } from 'chai';
import type { Knex } from 'knex';
import { EXPORT_FORMAT } from '../../../src/application/accounts/export-personal-data.js';
import { Email } from '../../../src/domain/shared/email.js';
import { accountsIds } from '../../../src/infrastructure/accounts/accounts-ids.js';
import { auditIds } from '../../../src/infrastructure/audit/audit-ids.js';
import { devicesIds } from '../../../src/infrastructure/devices/devices-ids.js';
import { linksIds } from '../../../src/infrastructure/links/links-ids.js';
import { mailIds } from '../../../src/infrastructure/mail/mail-ids.js';
import { passkeysIds } from '../../../src/infrastructure/passkeys/passkeys-ids.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { twoFactorIds } from '../../../src/infrastructure/two-factor/two-factor-ids.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { storedPasskey } from '../../support/passkeys/passkeys.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { ManualClock } from '../../support/throttle.js';
import { testContainer } from '../../support/test-container.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/**
 * What the export's top-level keys stand for: each column naming a user (`table.column`;
 * the users table by its id), and the section that holds the rows it names. A new
 * column of a user fails the test below until its feature binds a section and it is
 * listed here.
 */
const SECTION_OF_COLUMN: Record<string, string> = {
  'users.id': 'account',
  'sessions.user_id': 'sessions',
  'remember_tokens.user_id': 'rememberedDevices',
  'known_devices.user_id': 'knownDevices',
  'audit_events.user_id': 'activity',
  'audit_events.actor_id': 'administratorActs',
  'passkeys.user_id': 'passkeys',
  'totp_credentials.user_id': 'secondFactors',
  'recovery_codes.user_id': 'secondFactors',
  'one_time_tokens.user_id': 'links',
  'linked_identities.user_id': 'signInProviders',
  'passwordless_accounts.user_id': 'signInProviders',
};

/** The keys that stand for no such table: the document's own, and the queued mail (the address is in its payload). */
const OTHER_KEYS = ['format', 'exportedAt', 'mail'];

/** A column that names a user. */
const USER_COLUMN = /^(user_id|actor_id|target_id|owner_id)$|_user_id$/;

/** Every secret or id stored for Ada below, none of which the document may hold. */
const SECRETS = [
  'session-id-of-ada',
  'a1'.repeat(16),
  'selector-of-ada',
  'v'.repeat(64),
  'cred-Laptop',
  'handle-1',
  'v1.sealed.secret',
  'c'.repeat(64),
  'd'.repeat(64),
  't'.repeat(64),
  'https://gatehouse.example.test/password/reset?token=secret-link',
  'password-hash-of-ada',
  'request-7',
  'k'.repeat(64),
];

/** Ada with something in every table, Bob with a little (none of which is hers), and Ada's export as text. */
async function exportOfAda(db?: Knex): Promise<string> {
  const clock = new ManualClock(NOW);
  const { get } = testContainer({ clock, ...(db && { database: db }) });
  const users = get(sharedIds.users);
  const ada = await users.create({ email: Email.fromTrusted('ada@example.com'), passwordHash: 'password-hash-of-ada', phone: '+44 20 7946 0000' });
  const bob = await users.create({ email: Email.fromTrusted('bob@example.com'), passwordHash: 'password-hash-of-bob', phone: null });
  await users.markEmailVerified(ada.id);
  await users.recordLogin(ada.id);

  const sessions = get(sharedIds.sessionStorage);
  const device = { handle: 'a1'.repeat(16), userAgent: FIREFOX, ip: '192.0.2.1', createdAt: NOW - DAY, lastSeenAt: NOW - MINUTE };
  await sessions.insert('session-id-of-ada', { data: {}, userId: ada.id, expiresAt: NOW + DAY, absoluteExpiresAt: NOW + 7 * DAY, device });
  await sessions.insert('session-id-of-bob', { data: {}, userId: bob.id, expiresAt: NOW + DAY, absoluteExpiresAt: NOW + 7 * DAY, device: { ...device, handle: 'b2'.repeat(16) } });

  const remembered = { validatorHash: 'v'.repeat(64), sessionHandle: 'a1'.repeat(16), createdAt: NOW - DAY, expiresAt: NOW + 29 * DAY, userAgent: FIREFOX, ip: '192.0.2.1' };
  await get(devicesIds.rememberTokens).issue({ ...remembered, handle: 'r'.repeat(32), selector: 'selector-of-ada', userId: ada.id });
  await get(devicesIds.rememberTokens).issue({ ...remembered, handle: 's'.repeat(32), selector: 'selector-of-bob', userId: bob.id });
  await get(devicesIds.knownDevices).seen(ada.id, 'k'.repeat(64), NOW - 2 * DAY);
  await get(devicesIds.knownDevices).seen(ada.id, 'k'.repeat(64), NOW - MINUTE);
  await get(devicesIds.knownDevices).seen(bob.id, 'l'.repeat(64), NOW - DAY);

  const audit = get(auditIds.auditEvents);
  const event = { actorId: null, ip: '192.0.2.1', userAgent: FIREFOX, requestId: 'request-7' };
  await audit.append({ ...event, userId: ada.id, type: 'signup.succeeded', at: NOW - 2 * DAY });
  await audit.append({ ...event, userId: bob.id, type: 'signup.succeeded', at: NOW - 2 * DAY });
  await audit.append({ ...event, userId: ada.id, type: 'admin.user-locked', actorId: bob.id, ip: '198.51.100.9', at: NOW - DAY });
  await audit.append({ ...event, userId: ada.id, type: 'admin.user-unlocked', ip: null, userAgent: null, requestId: null, at: NOW - DAY + MINUTE });
  // Ada, an administrator, locked Bob.
  await audit.append({ ...event, userId: bob.id, type: 'admin.user-locked', actorId: ada.id, ip: '203.0.113.5', targetEmail: 'bob@example.com', at: NOW - 3 * DAY });

  await get(passkeysIds.passkeys).add({ ...storedPasskey(ada.id, 'Laptop'), createdAt: NOW - DAY });
  await get(passkeysIds.passkeys).add({ ...storedPasskey(bob.id, 'Phone'), createdAt: NOW - DAY });
  await get(twoFactorIds.totpCredentials).savePending(ada.id, 'v1.sealed.secret');
  await get(twoFactorIds.totpCredentials).enable(ada.id, 'v1.sealed.secret', 1, NOW - DAY);
  await get(twoFactorIds.recoveryCodes).replace(ada.id, ['c'.repeat(64), 'd'.repeat(64)]);
  await get(twoFactorIds.recoveryCodes).use(ada.id, 'c'.repeat(64), NOW - MINUTE);
  await get(linksIds.oneTimeTokens).issue({ tokenHash: 't'.repeat(64), purpose: 'email-change', userId: ada.id, newEmail: 'ada@new.example', expiresAt: NOW + DAY });
  await get(linksIds.oneTimeTokens).issue({ tokenHash: 'u'.repeat(64), purpose: 'password-reset', userId: bob.id, newEmail: null, expiresAt: NOW + DAY });
  const link = 'https://gatehouse.example.test/password/reset?token=secret-link';
  await get(mailIds.outbox).enqueue({ kind: 'password-reset', to: 'ada@example.com', link, expiresInMinutes: 60 }, NOW - MINUTE);
  await get(mailIds.outbox).enqueue({ kind: 'password-reset', to: 'bob@example.com', link, expiresInMinutes: 60 }, NOW - MINUTE);

  const result = await get(accountsIds.exportPersonalData).execute({ user: { email: 'ada@example.com' } });
  if (result.kind !== 'ok') throw new Error(result.kind);
  let text = '';
  for await (const piece of result.document) text += piece;
  return text;
}

/** What Ada's export must say, on every database. */
function expectAdasDocument(text: string): void {
  const document = JSON.parse(text);
  const createdAt = document.account.createdAt;
  expect(createdAt).to.be.a('string');
  expect(document).to.deep.equal({
    format: EXPORT_FORMAT,
    exportedAt: iso(NOW),
    account: {
      email: 'ada@example.com',
      phone: '+44 20 7946 0000',
      emailVerified: true,
      administrator: false,
      createdAt,
      lastLoginAt: document.account.lastLoginAt,
      lockedAt: null,
      language: null,
    },
    mail: [{ kind: 'password-reset', queuedAt: iso(NOW - MINUTE), state: 'pending', attempts: 0 }],
    links: [{ purpose: 'email-change', address: 'ada@new.example', expiresAt: iso(NOW + DAY), usedAt: null }],
    sessions: [{ userAgent: FIREFOX, ip: '192.0.2.1', startedAt: iso(NOW - DAY), lastSeenAt: iso(NOW - MINUTE) }],
    rememberedDevices: [
      { userAgent: FIREFOX, ip: '192.0.2.1', createdAt: iso(NOW - DAY), lastUsedAt: iso(NOW - DAY), expiresAt: iso(NOW + 29 * DAY) },
    ],
    knownDevices: [{ firstSeenAt: iso(NOW - 2 * DAY), lastSeenAt: iso(NOW - MINUTE) }],
    secondFactors: {
      authenticatorApp: { state: 'on', enabledAt: iso(NOW - DAY) },
      recoveryCodes: { total: 2, unused: 1, usedAt: [iso(NOW - MINUTE)] },
    },
    passkeys: [{ name: 'Laptop', createdAt: iso(NOW - DAY), lastUsedAt: null, backedUp: false, transports: ['internal'] }],
    signInProviders: { password: true, linked: [] },
    activity: [
      { at: iso(NOW), type: 'admin.data-exported', by: 'operator' },
      { at: iso(NOW - DAY + MINUTE), type: 'admin.user-unlocked', by: 'operator' },
      { at: iso(NOW - DAY), type: 'admin.user-locked', by: 'administrator', administratorId: 2 },
      { at: iso(NOW - 2 * DAY), type: 'signup.succeeded', by: 'owner', ip: '192.0.2.1', userAgent: FIREFOX },
    ],
    administratorActs: [{ at: iso(NOW - 3 * DAY), type: 'admin.user-locked', ip: '203.0.113.5', userAgent: FIREFOX }],
  });
  expect(document.account.lastLoginAt).to.be.a('string');
  for (const secret of SECRETS) expect(text, secret).to.not.include(secret);
  expect(text).to.not.include('bob');
  expect(text).to.not.include('198.51.100.9');
  expect(text).to.not.include('bob@example.com');
}

describe("Download my data: a user's export, on every database", () => {
  it('in memory', async () => {
    expectAdasDocument(await exportOfAda());
  });

  describe('on SQLite', () => {
    let db: Knex;
    beforeEach(async () => {
      db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
    });
    afterEach(() => db.destroy());

    it("holds every section, and nothing secret or another user's", async () => {
      expectAdasDocument(await exportOfAda(db));
    });

    it('has a top-level key for every column naming a user, read from the migrated schema', async () => {
      const tables: { name: string }[] = await db.raw("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'");
      const userColumns: string[] = ['users.id'];
      for (const { name } of tables) {
        const columns: { name: string }[] = await db.raw(`pragma table_info(${JSON.stringify(name)})`);
        for (const column of columns) if (USER_COLUMN.test(column.name)) userColumns.push(`${name}.${column.name}`);
      }
      expect(userColumns.sort(), 'columns naming a user: bind a PersonalDataSection for a new one and list it here').to.deep.equal(
        Object.keys(SECTION_OF_COLUMN).sort(),
      );
      const keys = Object.keys(JSON.parse(await exportOfAda(db)));
      expect([...keys].sort()).to.deep.equal([...new Set([...Object.values(SECTION_OF_COLUMN), ...OTHER_KEYS])].sort());
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`on ${server.name}`, () => {
      const db = useMigratedDatabase(server);
      afterEach(async () => {
        for (const table of ['users', 'sessions', 'remember_tokens', 'known_devices', 'audit_events', 'passkeys', 'totp_credentials', 'recovery_codes', 'one_time_tokens', 'mail_outbox']) {
          await db()(table).truncate();
        }
      });

      it("holds every section, and nothing secret or another user's", async () => {
        expectAdasDocument(await exportOfAda(db()));
      });
    });
  }
});
