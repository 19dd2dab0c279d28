import type { Knex } from 'knex';
import type {
  UserCriteria,
  UserPageQuery,
  UserRepository,
  UserSearchQuery,
} from '../../../application/shared/ports/user-repository.js';
import type { Email } from '../../../domain/shared/email.js';
import { EmailTakenError } from '../../../domain/shared/errors.js';
import type { NewUser, User, UserId } from '../../../domain/shared/user.js';
import { compiledSelect, compiledWrite, LITERAL } from '../../persistence/compiled-query.js';
import { databaseClientOf } from '../../persistence/database.js';
import { KnexUserListing } from './knex-user-listing.js';
import { isUniqueViolation, toUser, USER_COLUMNS as COLUMNS, type UserRow } from './knex-user-rows.js';

/**
 * The largest id PostgreSQL's `users.id` holds (`serial`, a 32-bit integer). PostgreSQL
 * refuses to compare a larger value with the column, where the other databases find no
 * row, so a larger id is answered without asking.
 */
const POSTGRES_MAX_ID = 2_147_483_647;

/** Users in a SQL table through Knex: SQLite (better-sqlite3), MySQL (mysql2) or PostgreSQL (pg). */
export class KnexUserRepository implements UserRepository {
  /** The lookups every login and every gated page makes, compiled once. */
  private readonly byEmail: (email: string) => Promise<UserRow[]>;
  private readonly byId: (id: number) => Promise<UserRow[]>;
  /** The write of every login. */
  private readonly loginOfUnlocked: (id: number, at: number) => Promise<number>;
  /** The queries of many users: pages, searches, counts. */
  private readonly listing: KnexUserListing;

  /** Which database this is. */
  private readonly client: 'sqlite' | 'mysql' | 'postgres';
  /** Whether an insert must ask for the new id. */
  private readonly returnsId: boolean;
  /** No stored id is larger. */
  private readonly maxId: number;

  constructor(private readonly db: Knex) {
    const client = databaseClientOf(db);
    if (!client) throw new Error('KnexUserRepository: open the database with openDatabase, which says which it is');
    this.client = client;
    const postgres = client === 'postgres';
    this.returnsId = postgres;
    this.maxId = postgres ? POSTGRES_MAX_ID : Number.MAX_SAFE_INTEGER;
    this.listing = new KnexUserListing(db, client, this.maxId);
    this.byEmail = compiledSelect(db, 1, (email) => db('users').select(COLUMNS).where({ email }).limit(1, LITERAL));
    this.byId = compiledSelect(db, 1, (id) => db('users').select(COLUMNS).where({ id }).limit(1, LITERAL));
    this.loginOfUnlocked = compiledWrite(db, 2, (id, at) =>
      db('users').where({ id }).whereNull('locked_at').update({ last_login_at: at }),
    );
  }

  async findByEmail(email: Email): Promise<User | null> {
    const [row] = await this.byEmail(email.value);
    return row ? toUser(row) : null;
  }

  async findById(id: UserId): Promise<User | null> {
    if (id > this.maxId) return null;
    const [row] = await this.byId(id);
    return row ? toUser(row) : null;
  }

  async findByIdForUpdate(id: UserId): Promise<User | null> {
    const query = this.db('users').select(COLUMNS).where({ id }).limit(1);
    // SQLite runs one write transaction at a time anyway, and has no FOR UPDATE.
    const [row]: UserRow[] = await (this.client === 'sqlite' ? query : query.forUpdate());
    return row ? toUser(row) : null;
  }

  async create(user: NewUser): Promise<User> {
    const now = new Date();
    const insert = this.db('users').insert({
      email: user.email.value,
      password_hash: user.passwordHash,
      phone: user.phone,
      admin: false,
      created_at: now,
      updated_at: now,
    });
    try {
      // PostgreSQL tells the new id only when asked (RETURNING); SQLite and MySQL always do.
      const [inserted] = this.returnsId ? await insert.returning<{ id: number }[]>('id') : await insert;
      const id = typeof inserted === 'object' ? inserted.id : inserted;
      return {
        ...user,
        id: Number(id),
        admin: false,
        emailVerified: false,
        createdAt: now,
        lockedAt: null,
        lastLoginAt: null,
      };
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  async setAdmin(id: UserId, admin: boolean): Promise<boolean> {
    return this.update(id, { admin });
  }

  async setLocked(id: UserId, locked: boolean): Promise<boolean> {
    // A second lock keeps the time of the first.
    return this.update(id, { locked_at: locked ? this.db.raw('coalesce(locked_at, ?)', [Date.now()]) : null });
  }

  async recordLogin(id: UserId): Promise<boolean> {
    if (id > this.maxId) return false;
    return (await this.loginOfUnlocked(id, Date.now())) > 0;
  }

  async updatePasswordHash(id: UserId, passwordHash: string): Promise<boolean> {
    return this.update(id, { password_hash: passwordHash });
  }

  async markEmailVerified(id: UserId): Promise<boolean> {
    return this.update(id, { email_verified_at: Date.now() });
  }

  async changeEmail(id: UserId, email: Email): Promise<boolean> {
    try {
      return await this.update(id, { email: email.value, email_verified_at: Date.now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  async changePhone(id: UserId, phone: string | null): Promise<boolean> {
    return this.update(id, { phone });
  }

  async changeLocale(id: UserId, locale: string | null): Promise<boolean> {
    return this.update(id, { locale });
  }

  async delete(id: UserId): Promise<boolean> {
    if (id > this.maxId) return false;
    return (await this.db('users').where({ id }).delete()) > 0;
  }

  async countAdmins(): Promise<number> {
    const admins = this.db('users').select('id').where({ admin: true }).whereNull('locked_at');
    // Inside a transaction the admin rows stay locked until it ends, so two transactions
    // that each count and then remove an administrator run one after the other, and the
    // second sees the first's change. SQLite runs one write transaction at a time anyway.
    const rows: unknown[] = this.client === 'sqlite' ? await admins : await admins.forUpdate();
    return rows.length;
  }

  list(query: UserPageQuery): Promise<User[]> {
    return this.listing.list(query);
  }

  search(query: UserSearchQuery): Promise<User[]> {
    return this.listing.search(query);
  }

  count(criteria: UserCriteria): Promise<number> {
    return this.listing.count(criteria);
  }

  private async update(id: UserId, change: Change): Promise<boolean> {
    if (id > this.maxId) return false;
    const count = await this.db('users')
      .where({ id })
      .update({ ...change, updated_at: new Date() });
    return count > 0;
  }
}

type Change = Partial<
  Pick<UserRow, 'email' | 'password_hash' | 'phone' | 'admin' | 'email_verified_at' | 'locale'> & { locked_at: number | Knex.Raw | null }
>;
