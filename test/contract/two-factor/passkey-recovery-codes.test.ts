import { expect } from 'chai';
import type { Knex } from 'knex';
import { Email } from '../../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { testRequest } from '../../support/audit/security-events.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { systemClock } from '../../../src/infrastructure/shared/system-clock.js';
import { storedPasskey } from '../../support/passkeys/passkeys.js';
import { testContainer } from '../../support/test-container.js';
import { passkeysIds } from '../../../src/infrastructure/passkeys/passkeys-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { twoFactorIds } from '../../../src/infrastructure/two-factor/two-factor-ids.js';

const TABLES = ['totp_credentials', 'recovery_codes', 'passkeys', 'users'];

/** Ada with one passkey and no authenticator app, on one database, and the use cases that change her recovery codes. */
async function onDatabase(db: Knex) {
  const { get } = testContainer({ database: db, clock: systemClock });
  const users = get(sharedIds.users);
  const passkeys = get(passkeysIds.passkeys);
  const { id: ada } = await users.create({ email: Email.fromTrusted('ada@example.com'), passwordHash: 'h', phone: null });
  const passkey = await passkeys.add({
    userId: ada,
    credentialId: 'cred-ada',
    publicKey: new Uint8Array([1, 2, 3]),
    counter: 0,
    transports: ['internal'],
    userHandle: 'handle-ada',
    name: 'Laptop',
    backedUp: false,
    createdAt: 0,
  });
  return {
    ada,
    passkeyId: passkey?.id ?? 0,
    totp: get(twoFactorIds.totpCredentials),
    recoveryCodes: get(twoFactorIds.recoveryCodes),
    regenerate: get(twoFactorIds.regenerateRecoveryCodes),
    disable: get(twoFactorIds.disableTwoFactor),
    deletePasskey: get(passkeysIds.delete),
    passkeys,
  };
}

type Subject = Awaited<ReturnType<typeof onDatabase>>;

function recoveryCodesFollowFactors(open: () => Promise<Subject>): void {
  it('makes recovery codes for a passkey-only user', async () => {
    const { ada, regenerate, recoveryCodes } = await open();
    expect((await regenerate.execute({ userId: ada, request: testRequest() })).kind).to.equal('ok');
    expect(await recoveryCodes.countUnused(ada)).to.equal(10);
  });

  it('keeps them when the app is turned off and the passkey remains', async () => {
    const { ada, totp, recoveryCodes, regenerate, disable } = await open();
    await totp.savePending(ada, 'sealed');
    await totp.enable(ada, 'sealed', 1, 0);
    await regenerate.execute({ userId: ada, request: testRequest() });
    expect(await disable.execute({ userId: ada, request: testRequest() })).to.deep.equal({ kind: 'ok', passkeysRemain: true, recoveryCodesKept: true });
    expect([await totp.find(ada), await recoveryCodes.countUnused(ada)]).to.deep.equal([null, 10]);
  });

  it('removes them with the last passkey while the app is off, on one transaction', async () => {
    const { ada, passkeyId, recoveryCodes, regenerate, deletePasskey } = await open();
    await regenerate.execute({ userId: ada, request: testRequest() });
    const removed = await deletePasskey.execute({ userId: ada, passkeyId, request: testRequest(), passwordConfirmed: true });
    expect(removed).to.deep.equal({ kind: 'ok', lastSecondFactor: true, recoveryCodesRemoved: 10 });
    expect(await recoveryCodes.countUnused(ada)).to.equal(0);
  });

  it('lets only one of two removals at once take a passkey without the password, so the last one asks for it', async () => {
    const { ada, passkeyId, passkeys, recoveryCodes, regenerate, deletePasskey } = await open();
    const second = await passkeys.add(storedPasskey(ada, 'Phone'));
    await regenerate.execute({ userId: ada, request: testRequest() });
    const remove = (id: number) => deletePasskey.execute({ userId: ada, passkeyId: id, request: testRequest(), passwordConfirmed: false });
    const outcomes = await Promise.all([remove(passkeyId), remove(second?.id ?? 0)]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).to.deep.equal(['ok', 'password-needed']);
    expect([(await passkeys.listOfUser(ada)).length, await recoveryCodes.countUnused(ada)]).to.deep.equal([1, 10]);
  });

  it('leaves no recovery code when the app is turned off and the last passkey removed at once', async () => {
    const { ada, passkeyId, totp, recoveryCodes, regenerate, disable, deletePasskey } = await open();
    await totp.savePending(ada, 'sealed');
    await totp.enable(ada, 'sealed', 1, 0);
    await regenerate.execute({ userId: ada, request: testRequest() });
    await Promise.all([
      disable.execute({ userId: ada, request: testRequest() }),
      deletePasskey.execute({ userId: ada, passkeyId, request: testRequest(), passwordConfirmed: true }),
    ]);
    expect([await totp.find(ada), await recoveryCodes.countUnused(ada)]).to.deep.equal([null, 0]);
  });
}

describe('Recovery codes follow the second factors on every database', () => {
  describe('on SQLite', () => {
    let db: Knex | undefined;
    afterEach(async () => {
      await db?.destroy();
    });
    recoveryCodesFollowFactors(async () => {
      db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return onDatabase(db);
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`on ${server.name}`, () => {
      const db = useMigratedDatabase(server);
      recoveryCodesFollowFactors(async () => {
        for (const table of TABLES) await db()(table).truncate();
        return onDatabase(db());
      });
    });
  }
});
