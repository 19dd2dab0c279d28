import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import type { SecondFactorGrace } from '../../../src/application/two-factor/ports/second-factor-grace.js';
import { Email } from '../../../src/domain/shared/email.js';
import { migrateToLatest, openDatabase } from '../../../src/infrastructure/persistence/database.js';
import { KnexUserRepository } from '../../../src/infrastructure/shared/users/knex-user-repository.js';
import { InMemorySecondFactorGrace } from '../../../src/infrastructure/two-factor/in-memory-second-factor-grace.js';
import { KnexSecondFactorGrace } from '../../../src/infrastructure/two-factor/knex-second-factor-grace.js';
import { useMigratedDatabase } from '../../support/database-suite.js';
import { SQL_SERVERS } from '../../support/sql-servers.js';

/** A store of grace starts, and a way to make a user it can hold one for. */
interface GraceSubject {
  readonly grace: SecondFactorGrace;
  newUser(): Promise<number>;
}

/** An instant past 2^31 seconds' worth of milliseconds, so a 32-bit column would fail it. */
const NOW = Date.UTC(2026, 10, 27, 20);

function secondFactorGraceContract(subject: () => Promise<GraceSubject>): void {
  it('keeps the first start it is given and answers it ever after', async () => {
    const { grace, newUser } = await subject();
    const userId = await newUser();
    expect(await grace.startOnce(userId, NOW)).to.equal(NOW);
    expect(await grace.startOnce(userId, NOW + 5_000)).to.equal(NOW);
  });

  it('keeps each user\'s start apart', async () => {
    const { grace, newUser } = await subject();
    const [first, second] = [await newUser(), await newUser()];
    await grace.startOnce(first, NOW);
    expect(await grace.startOnce(second, NOW + 1)).to.equal(NOW + 1);
    expect(await grace.startOnce(first, NOW + 2)).to.equal(NOW);
  });

  it('gives concurrent first calls one and the same start', async () => {
    const { grace, newUser } = await subject();
    const userId = await newUser();
    const answers = await Promise.all([1, 2, 3].map((offset) => grace.startOnce(userId, NOW + offset)));
    expect(new Set(answers).size).to.equal(1);
  });
}

/** On a migrated database: users made through the app's repository. */
function onDatabase(db: () => Knex): () => Promise<GraceSubject> {
  return async () => {
    const users = new KnexUserRepository(db());
    return {
      grace: new KnexSecondFactorGrace(db()),
      newUser: async () => {
        const email = Email.parse(`user-${randomUUID()}@example.com`) as Email;
        return (await users.create({ email, passwordHash: 'fake$10$hash', phone: null })).id;
      },
    };
  };
}

describe('SecondFactorGrace contract', () => {
  describe('InMemorySecondFactorGrace', () => {
    let next = 1;
    secondFactorGraceContract(async () => ({ grace: new InMemorySecondFactorGrace(), newUser: async () => next++ }));
  });

  describe('KnexSecondFactorGrace on SQLite', () => {
    let db: Knex | undefined;
    before(async () => {
      db = openDatabase({ url: { client: 'sqlite', filename: ':memory:' }, poolMax: 1 });
      await migrateToLatest(db);
    });
    after(() => db?.destroy());
    secondFactorGraceContract(
      onDatabase(() => {
        if (!db) throw new Error('the SQLite database is not open');
        return db;
      }),
    );
  });

  for (const server of SQL_SERVERS) {
    describe(`KnexSecondFactorGrace on ${server.name}`, () => {
      secondFactorGraceContract(onDatabase(useMigratedDatabase(server)));
    });
  }
});
