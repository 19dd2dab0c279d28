import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { InMemoryUserRepository } from '../../src/infrastructure/persistence/in-memory-user-repository.js';
import { KnexUserRepository } from '../../src/infrastructure/persistence/knex-user-repository.js';
import { useMigratedDatabase } from '../support/database-suite.js';
import { SQL_SERVERS } from '../support/sql-servers.js';
import { userRepositoryContract } from './user-repository.contract.js';

describe('UserRepository contract', () => {
  describe('InMemoryUserRepository', () => {
    userRepositoryContract(async () => ({ users: new InMemoryUserRepository(), close: async () => {} }));
  });

  describe('KnexUserRepository on SQLite', () => {
    userRepositoryContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { users: new KnexUserRepository(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexUserRepository on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      userRepositoryContract(async () => {
        // One database for the suite; every test starts from an empty table.
        await db()('users').truncate();
        return { users: new KnexUserRepository(db()), close: async () => {} };
      });
    });
  }
});
