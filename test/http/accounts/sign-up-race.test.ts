import { expect } from 'chai';
import type { Knex } from 'knex';
import type { UserRepository } from '../../../src/application/shared/ports/user-repository.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { InMemoryUserRepository } from '../../../src/infrastructure/shared/users/in-memory-user-repository.js';
import { KnexOneTimeTokens } from '../../../src/infrastructure/links/knex-one-time-tokens.js';
import { sqlTransactions } from '../../support/test-container.js';
import { KnexUserRepository } from '../../../src/infrastructure/shared/users/knex-user-repository.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';
import { browser, buildTestApp, flashOf } from '../../support/test-app.js';

/** Twenty browsers post the same new email at once; one wins, nineteen are told it is taken. */
async function raceTwentySignUps(users: UserRepository, db?: Knex): Promise<void> {
  const accounts = db && { transactions: sqlTransactions(db), tokens: new KnexOneTimeTokens(db), queuedMail: async () => [] };
  const { app } = buildTestApp({ users, ...(accounts && { accounts }) });
  const clients = Array.from({ length: 20 }, () => browser(app));
  const responses = await Promise.all(
    clients.map((client, n) =>
      client
        .post('/signup')
        .type('form')
        .send({ email: 'race@example.com', password: `password-${n}` }),
    ),
  );

  const locations = responses.map((response) => response.headers.location);
  expect(responses.every((response) => response.status === 302)).to.equal(true);
  expect(locations.filter((location) => location === '/users/profile')).to.have.length(1);
  const losers = clients.filter((_, n) => locations[n] === '/signup');
  expect(losers).to.have.length(19);
  for (const loser of losers) {
    expect(flashOf((await loser.get('/signup')).text, 'messageFailure')).to.equal('Email already taken.');
  }
  expect(await users.list({ afterId: null, limit: 100 })).to.have.length(1);
}

describe('POST /signup, twenty at once for one new email', () => {
  it('creates one user on the in-memory repository; the others get "Email already taken."', async () => {
    await raceTwentySignUps(new InMemoryUserRepository());
  });

  it('creates one user on SQLite; the others get "Email already taken."', async () => {
    const db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
    try {
      await migrateToLatest(db);
      await raceTwentySignUps(new KnexUserRepository(db), db);
    } finally {
      await db.destroy();
    }
  });

  for (const server of SQL_SERVERS) {
    describe(`on ${server.name}`, () => {
      const db = useMigratedDatabase(server);

      it('creates one user; the others get "Email already taken."', async () => {
        await raceTwentySignUps(new KnexUserRepository(db()), db());
      });
    });
  }
});
