import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryRememberTokens } from '../../../src/infrastructure/devices/in-memory-remember-tokens.js';
import { KnexRememberTokens } from '../../../src/infrastructure/devices/knex-remember-tokens.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { rememberTokensContract } from './remember-tokens.contract.js';

describe('RememberTokens contract', () => {
  describe('InMemoryRememberTokens', () => {
    rememberTokensContract(async () => ({ tokens: new InMemoryRememberTokens(), close: async () => {} }));
  });

  describe('KnexRememberTokens on SQLite', () => {
    rememberTokensContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { tokens: new KnexRememberTokens(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexRememberTokens on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      rememberTokensContract(async () => {
        await db()('remember_tokens').truncate();
        return { tokens: new KnexRememberTokens(db()), close: async () => {} };
      });
    });
  }
});
