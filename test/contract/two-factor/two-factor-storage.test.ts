import type { Knex } from 'knex';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { KnexRecoveryCodes } from '../../../src/infrastructure/two-factor/knex-recovery-codes.js';
import { KnexTotpCredentials } from '../../../src/infrastructure/two-factor/knex-totp-credentials.js';
import { memoryTransactions, sqlTransactions } from '../../support/test-container.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { type TwoFactorStorageUnderTest, twoFactorStorageContract } from './two-factor-storage.contract.js';

function knexSubject(db: Knex, close: () => Promise<void>): TwoFactorStorageUnderTest {
  return {
    totp: new KnexTotpCredentials(db),
    recoveryCodes: new KnexRecoveryCodes(db),
    transactions: sqlTransactions(db),
    close,
  };
}

describe('TotpCredentials and RecoveryCodes contract', () => {
  describe('in memory', () => {
    twoFactorStorageContract(async () => {
      const transactions = memoryTransactions();
      const { totp, recoveryCodes } = transactions.stores;
      return { totp, recoveryCodes, transactions, close: async () => {} };
    });
  });

  describe('Knex on SQLite', () => {
    twoFactorStorageContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return knexSubject(db, () => db.destroy());
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`Knex on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      twoFactorStorageContract(async () => {
        for (const table of ['totp_credentials', 'recovery_codes']) await db()(table).truncate();
        return knexSubject(db(), async () => {});
      });
    });
  }
});
