import { expect } from 'chai';
import type { Knex } from 'knex';
import { Email } from '../../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { KnexPasskeys } from '../../../src/infrastructure/passkeys/knex-passkeys.js';
import { KnexRecoveryCodes } from '../../../src/infrastructure/two-factor/knex-recovery-codes.js';
import { KnexTotpCredentials } from '../../../src/infrastructure/two-factor/knex-totp-credentials.js';
import { testContainer } from '../../support/test-container.js';
import { administrationIds } from '../../../src/infrastructure/administration/administration-ids.js';
import { KnexUserRepository } from '../../../src/infrastructure/shared/users/knex-user-repository.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';

const TABLES = ['totp_credentials', 'recovery_codes', 'passkeys', 'mail_outbox', 'audit_events', 'users'];

/** Ada and Grace, each with the authenticator app on, two recovery codes and a passkey, on one database. */
async function onDatabase(db: Knex) {
  const users = new KnexUserRepository(db);
  const totp = new KnexTotpCredentials(db);
  const recoveryCodes = new KnexRecoveryCodes(db);
  const passkeys = new KnexPasskeys(db);
  const ids: number[] = [];
  for (const name of ['ada', 'grace']) {
    const { id } = await users.create({ email: Email.fromTrusted(`${name}@example.com`), passwordHash: 'h', phone: null });
    await totp.savePending(id, `sealed-${name}`);
    await totp.enable(id, `sealed-${name}`, 1, 0);
    await recoveryCodes.replace(id, [`${name}-1`, `${name}-2`]);
    await passkeys.add({
      userId: id,
      credentialId: `cred-${name}`,
      publicKey: new Uint8Array([1, 2, 3]),
      counter: 0,
      transports: ['internal'],
      userHandle: `handle-${name}`,
      name,
      backedUp: false,
      createdAt: 0,
    });
    ids.push(id);
  }
  const [ada = 0, grace = 0] = ids;
  /** The messages in the outbox table. */
  const queued = async () => (await db('mail_outbox').orderBy('id').select<{ payload: string }[]>('payload')).map((row) => JSON.parse(row.payload) as unknown);
  return { totp, recoveryCodes, passkeys, ada, grace, queued, reset: testContainer({ database: db }).get(administrationIds.administration).resetTwoFactor };
}

type Subject = Awaited<ReturnType<typeof onDatabase>>;

function resetTwoFactor(open: () => Promise<Subject>): void {
  it("removes one user's authenticator app, recovery codes and passkeys, and queues their notice, on one transaction, and nobody else's", async () => {
    const { reset, totp, recoveryCodes, passkeys, ada, grace, queued } = await open();

    expect(await reset.execute({ user: { id: ada }, by: 'administrator' })).to.deep.equal({
      kind: 'ok',
      userId: ada,
      email: 'ada@example.com',
      removed: { totp: true, recoveryCodes: 2, passkeys: 1 },
    });

    expect([await totp.find(ada), await recoveryCodes.countUnused(ada), await passkeys.countOfUser(ada)]).to.deep.equal([null, 0, 0]);
    expect(await totp.find(grace)).to.include({ enabledAt: 0 });
    expect([await recoveryCodes.countUnused(grace), await passkeys.countOfUser(grace)]).to.deep.equal([2, 1]);
    expect(await reset.execute({ user: { email: 'ada@example.com' }, by: 'administrator' })).to.deep.equal({ kind: 'none', userId: ada, email: 'ada@example.com' });
    expect(await queued()).to.deep.equal([{ kind: 'second-factor-changed', to: 'ada@example.com', change: { kind: 'reset-by-administrator' } }]);
  });
}

describe('ResetTwoFactor on every database', () => {
  describe('on SQLite', () => {
    let db: Knex | undefined;
    afterEach(async () => {
      await db?.destroy();
    });
    resetTwoFactor(async () => {
      db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return onDatabase(db);
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`on ${server.name}`, () => {
      const db = useMigratedDatabase(server);
      resetTwoFactor(async () => {
        for (const table of TABLES) await db()(table).truncate();
        return onDatabase(db());
      });
    });
  }
});
