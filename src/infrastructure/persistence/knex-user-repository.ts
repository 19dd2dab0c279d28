import type { Knex } from 'knex';
import { assertPageSize, type UserPageQuery, type UserRepository } from '../../application/ports/user-repository.js';
import { Email } from '../../domain/email.js';
import { EmailTakenError } from '../../domain/errors.js';
import type { NewUser, User, UserId } from '../../domain/user.js';
import { compiledSelect, LITERAL } from './compiled-query.js';
import { databaseClientOf } from './database.js';

interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  phone: string | null;
  admin: number | boolean;
  /** pg returns bigint columns as strings. */
  email_verified_at: number | string | null;
  created_at: Date | number | string;
}

const COLUMNS = ['id', 'email', 'password_hash', 'phone', 'admin', 'email_verified_at', 'created_at'];

/**
 * The largest id PostgreSQL's `users.id` holds (`serial`, a 32-bit integer). PostgreSQL
 * refuses to compare a larger value with the column, where the other databases find no
 * row, so a larger id is answered without asking.
 */
const POSTGRES_MAX_ID = 2_147_483_647;

/** The compiled queries of a page of the user list: the first page, and the page after an id. */
interface Page {
  readonly first: () => Promise<UserRow[]>;
  readonly after: (afterId: number) => Promise<UserRow[]>;
}

/** Users in a SQL table through Knex: SQLite (better-sqlite3), MySQL (mysql2) or PostgreSQL (pg). */
export class KnexUserRepository implements UserRepository {
  /** The lookups every login and every gated page makes, compiled once. */
  private readonly byEmail: (email: string) => Promise<UserRow[]>;
  private readonly byId: (id: number) => Promise<UserRow[]>;
  /** The two page queries of each page size asked for (the app asks for one). */
  private readonly pages = new Map<number, Page>();

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
    this.byEmail = compiledSelect(db, 1, (email) => db('users').select(COLUMNS).where({ email }).limit(1, LITERAL));
    this.byId = compiledSelect(db, 1, (id) => db('users').select(COLUMNS).where({ id }).limit(1, LITERAL));
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
      return { ...user, id: Number(id), admin: false, emailVerified: false, createdAt: now };
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  async setAdmin(id: UserId, admin: boolean): Promise<boolean> {
    return this.update(id, { admin });
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

  async delete(id: UserId): Promise<boolean> {
    if (id > this.maxId) return false;
    return (await this.db('users').where({ id }).delete()) > 0;
  }

  async countAdmins(): Promise<number> {
    const admins = this.db('users').select('id').where({ admin: true });
    // Inside a transaction the admin rows stay locked until it ends, so two transactions
    // that each count and then remove an administrator run one after the other, and the
    // second sees the first's change. SQLite runs one write transaction at a time anyway.
    const rows: unknown[] = this.client === 'sqlite' ? await admins : await admins.forUpdate();
    return rows.length;
  }

  async list(query: UserPageQuery): Promise<User[]> {
    const page = this.page(query.limit);
    if (query.afterId !== null && query.afterId >= this.maxId) return [];
    const rows = query.afterId === null ? await page.first() : await page.after(query.afterId);
    return rows.map(toUser);
  }

  private async update(id: UserId, change: Change): Promise<boolean> {
    if (id > this.maxId) return false;
    const count = await this.db('users')
      .where({ id })
      .update({ ...change, updated_at: new Date() });
    return count > 0;
  }

  private page(limit: number): Page {
    assertPageSize(limit);
    let page = this.pages.get(limit);
    if (!page) {
      const { db } = this;
      const ordered = () => db('users').select(COLUMNS).orderBy('id', 'asc').limit(limit, LITERAL);
      page = {
        first: compiledSelect(db, 0, () => ordered()),
        after: compiledSelect(db, 1, (afterId) => ordered().where('id', '>', afterId)),
      };
      // A handful at most: the page size is the caller's constant, not a visitor's input.
      if (this.pages.size >= 8) this.pages.clear();
      this.pages.set(limit, page);
    }
    return page;
  }
}

type Change = Partial<Pick<UserRow, 'email' | 'password_hash' | 'phone' | 'admin' | 'email_verified_at'>>;

function toUser(row: UserRow): User {
  return {
    id: Number(row.id),
    email: Email.fromTrusted(row.email),
    passwordHash: row.password_hash,
    phone: row.phone,
    admin: Boolean(row.admin),
    emailVerified: row.email_verified_at !== null,
    // better-sqlite3 stores dates as epoch milliseconds; mysql2 and pg return Date objects.
    createdAt: new Date(row.created_at),
  };
}

/** SQLite's, MySQL's and PostgreSQL's (SQLSTATE 23505) ways of saying a unique index refused a row. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY' || code === '23505';
}
