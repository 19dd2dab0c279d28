import type { Knex } from 'knex';
import type { PasskeysUnderTest } from './passkeys.contract.js';
import { Email } from '../../src/domain/email.js';
import { migrateToLatest, openDatabase } from '../../src/infrastructure/persistence/database.js';
import { InMemoryPasskeys } from '../../src/infrastructure/persistence/in-memory-passkeys.js';
import { KnexPasskeys } from '../../src/infrastructure/persistence/knex-passkeys.js';
import { KnexUserRepository } from '../../src/infrastructure/persistence/knex-user-repository.js';
import { useMigratedDatabase } from '../support/database-suite.js';
import { SQL_SERVERS } from '../support/sql-servers.js';
import { passkeysContract } from './passkeys.contract.js';

/** The Knex adapter on `db`, with real user rows (the foreign key needs them). */
function onDatabase(db: Knex, close: () => Promise<void>): PasskeysUnderTest {
  const users = new KnexUserRepository(db);
  let made = 0;
  return {
    passkeys: new KnexPasskeys(db),
    async newUser() {
      made += 1;
      const email = Email.parse(`owner${made}-${Date.now()}@example.com`) as Email;
      return (await users.create({ email, passwordHash: 'x', phone: null })).id;
    },
    async deleteUser(id) {
      await users.delete(id);
    },
    close,
  };
}

describe('Passkeys contract', () => {
  describe('InMemoryPasskeys', () => {
    passkeysContract(async () => {
      const passkeys = new InMemoryPasskeys();
      let next = 0;
      return {
        passkeys,
        newUser: async () => ++next,
        deleteUser: async (id) => passkeys.deleteAllOfUser(id),
        close: async () => {},
      };
    });
  });

  describe('KnexPasskeys on SQLite', () => {
    passkeysContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return onDatabase(db, () => db.destroy());
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexPasskeys on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      passkeysContract(async () => {
        await db()('passkeys').delete();
        return onDatabase(db(), async () => {});
      });
    });
  }
});
