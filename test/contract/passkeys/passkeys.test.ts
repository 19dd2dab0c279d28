import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryPasskeys } from '../../../src/infrastructure/passkeys/in-memory-passkeys.js';
import { KnexPasskeys } from '../../../src/infrastructure/passkeys/knex-passkeys.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { passkeysContract } from './passkeys.contract.js';

describe('Passkeys contract', () => {
  describe('InMemoryPasskeys', () => {
    passkeysContract(async () => ({ passkeys: new InMemoryPasskeys(), close: async () => {} }));
  });

  describe('KnexPasskeys on SQLite', () => {
    passkeysContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { passkeys: new KnexPasskeys(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexPasskeys on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      passkeysContract(async () => {
        await db()('passkeys').truncate();
        return { passkeys: new KnexPasskeys(db()), close: async () => {} };
      });
    });
  }
});
