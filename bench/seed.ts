import type { Knex } from 'knex';
import { Email } from '../src/domain/shared/email.js';
import { administrationIds } from '../src/infrastructure/administration/administration-ids.js';
import { KnexUserRepository } from '../src/infrastructure/shared/users/knex-user-repository.js';
import { systemClock } from '../src/infrastructure/shared/system-clock.js';
import { testContainer } from '../test/support/test-container.js';

/** The password of every seeded user; its bcrypt hash is computed once and shared. */
export const BENCH_PASSWORD = 'bench-password-1';

/** Who the scenarios log in as. */
export interface SeededUsers {
  readonly admin: string;
  readonly member: string;
  /** The accounts the login storm rotates over. */
  readonly accounts: readonly string[];
  /** Accounts that no other scenario logs in to, for the logins by emailed code (scenario 14). */
  readonly codeAccounts: readonly string[];
  /** The highest user id, for the deep page of /users. */
  readonly lastId: number;
}

/** Rows per INSERT: 7 columns × 500 stays well under SQLite's and MySQL's placeholder limits. */
const BATCH = 500;

/**
 * Seeds the admin and the login accounts through the repository and the CLI's
 * SetUserAdmin, as the composition root builds it on `db` (the real code paths), then fills the table up to `total` users with
 * batched inserts sharing one precomputed hash.
 */
export async function seedUsers(
  db: Knex,
  options: { total: number; accounts: number; codeAccounts?: number; passwordHash: string },
): Promise<SeededUsers> {
  const repository = new KnexUserRepository(db);
  const create = (email: string) =>
    repository.create({ email: Email.fromTrusted(email), passwordHash: options.passwordHash, phone: null });

  const admin = 'admin@bench.test';
  const member = 'member@bench.test';
  await create(admin);
  await create(member);
  const setUserAdmin = testContainer({ database: db, clock: systemClock }).get(administrationIds.setUserAdmin);
  const granted = await setUserAdmin.execute({ user: { email: admin }, admin: true });
  if (granted.kind !== 'ok') throw new Error(`could not make ${admin} an administrator: ${granted.kind}`);
  const accounts = Array.from({ length: options.accounts }, (_, i) => `login-${i}@bench.test`);
  const codeAccounts = Array.from({ length: options.codeAccounts ?? 0 }, (_, i) => `code-${i}@bench.test`);
  await db.transaction(async (trx) => {
    const rows = [...accounts, ...codeAccounts].map((email) => userRow(email, options.passwordHash));
    for (let i = 0; i < rows.length; i += BATCH) await trx('users').insert(rows.slice(i, i + BATCH));
  });

  const seeded = 2 + accounts.length + codeAccounts.length;
  await db.transaction(async (trx) => {
    for (let start = seeded; start < options.total; start += BATCH) {
      const size = Math.min(BATCH, options.total - start);
      const rows = Array.from({ length: size }, (_, i) =>
        userRow(`user-${start + i}@bench.test`, options.passwordHash),
      );
      await trx('users').insert(rows);
    }
  });
  const last = (await db('users').max({ id: 'id' }).first()) as { id: number | string };
  return { admin, member, accounts, codeAccounts, lastId: Number(last.id) };
}

function userRow(email: string, passwordHash: string) {
  const now = new Date();
  return { email, password_hash: passwordHash, phone: null, admin: false, created_at: now, updated_at: now };
}
