import type { Knex } from 'knex';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { InMemoryUserRepository } from '../../src/infrastructure/persistence/in-memory-user-repository.js';
import { KnexUserRepository } from '../../src/infrastructure/persistence/knex-user-repository.js';
import { createTestMysqlDatabase, mysqlAnswers, type TestMysqlDatabase } from '../support/mysql.js';
import { requireServer } from '../support/servers.js';
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
    let database: TestMysqlDatabase | undefined;
    let db: Knex;

    before(async function () {
      await requireServer(this, 'MySQL', mysqlAnswers);
      database = await createTestMysqlDatabase();
      db = openDatabase({ url: database.parsed, poolMax: 10 });
      await migrateToLatest(db);
    });
    after(async () => {
      await db?.destroy();
      await database?.drop();
    });

    userRepositoryContract(async () => {
      // One database for the suite; every test starts from an empty table.
      await db('users').truncate();
      return { users: new KnexUserRepository(db), close: async () => {} };
    });
  });
});
