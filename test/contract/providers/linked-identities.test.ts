import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryLinkedIdentities } from '../../../src/infrastructure/providers/in-memory-linked-identities.js';
import { KnexLinkedIdentities } from '../../../src/infrastructure/providers/knex-linked-identities.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { linkedIdentitiesContract } from './linked-identities.contract.js';

describe('LinkedIdentities contract', () => {
  describe('InMemoryLinkedIdentities', () => {
    linkedIdentitiesContract(async () => ({ identities: new InMemoryLinkedIdentities(), close: async () => {} }));
  });

  describe('KnexLinkedIdentities on SQLite', () => {
    linkedIdentitiesContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { identities: new KnexLinkedIdentities(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexLinkedIdentities on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      linkedIdentitiesContract(async () => {
        await db()('linked_identities').truncate();
        await db()('passwordless_accounts').truncate();
        return { identities: new KnexLinkedIdentities(db()), close: async () => {} };
      });
    });
  }
});
