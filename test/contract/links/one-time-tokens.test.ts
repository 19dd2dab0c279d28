import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryOneTimeTokens } from '../../../src/infrastructure/links/in-memory-one-time-tokens.js';
import { KnexOneTimeTokens } from '../../../src/infrastructure/links/knex-one-time-tokens.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { oneTimeTokensContract } from './one-time-tokens.contract.js';

describe('OneTimeTokens contract', () => {
  describe('InMemoryOneTimeTokens', () => {
    oneTimeTokensContract(async () => ({ tokens: new InMemoryOneTimeTokens(), close: async () => {} }));
  });

  describe('KnexOneTimeTokens on SQLite', () => {
    oneTimeTokensContract(async () => {
      const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
      return { tokens: new KnexOneTimeTokens(db), close: () => db.destroy() };
    });
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexOneTimeTokens on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      oneTimeTokensContract(async () => {
        await db()('one_time_tokens').truncate();
        return { tokens: new KnexOneTimeTokens(db()), close: async () => {} };
      });
    });
  }
});
