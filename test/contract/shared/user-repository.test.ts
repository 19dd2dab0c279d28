import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { sqlTransactions } from '../../support/test-container.js';
import { KnexUserRepository } from '../../../src/infrastructure/shared/users/knex-user-repository.js';
import { inMemoryAccounts } from '../../support/accounts.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { userRepositoryContract } from './user-repository.contract.js';

describe('UserRepository contract', () => {
  describe('InMemoryUserRepository', () => {
    userRepositoryContract(async () => {
      const { users, transactions } = inMemoryAccounts();
      return { users, transactions, close: async () => {} };
    });
  });

  describe('KnexUserRepository on SQLite', () => {
    userRepositoryContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { users: new KnexUserRepository(db), transactions: sqlTransactions(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexUserRepository on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      userRepositoryContract(async () => {
        // One database for the suite; every test starts from an empty table.
        for (const table of ['users', 'one_time_tokens', 'mail_outbox']) await db()(table).truncate();
        return { users: new KnexUserRepository(db()), transactions: sqlTransactions(db()), close: async () => {} };
      });
    });
  }
});
