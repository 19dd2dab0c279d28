import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { InMemoryUserRepository } from '../../src/infrastructure/persistence/in-memory-user-repository.js';
import { KnexUserRepository } from '../../src/infrastructure/persistence/knex-user-repository.js';
import { useMigratedMysqlDatabase } from '../support/mysql-suite.js';
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

  describe('KnexUserRepository on MySQL', () => {
    const db = useMigratedMysqlDatabase();

    userRepositoryContract(async () => {
      // One database for the suite; every test starts from an empty table.
      await db()('users').truncate();
      return { users: new KnexUserRepository(db()), close: async () => {} };
    });
  });
});
