import {
  assertPageSize,
  type UserCriteria,
  type UserPageQuery,
  type UserRepository,
  type UserSearchQuery,
} from '../../../application/shared/ports/user-repository.js';
import type { Email } from '../../../domain/shared/email.js';
import { EmailTakenError } from '../../../domain/shared/errors.js';
import type { NewUser, User, UserId } from '../../../domain/shared/user.js';
import { meetsCriteria } from './user-criteria.js';

/**
 * Users in process memory: for tests and demos. Production code all the same: it
 * starts empty, hands out copies, enforces the same uniqueness as the SQL index and
 * passes the same contract suite as the Knex adapter.
 */
export class InMemoryUserRepository implements UserRepository {
  private readonly byId = new Map<UserId, User>();
  private readonly idByEmail = new Map<string, UserId>();
  private lastId = 0;

  async findByEmail(email: Email): Promise<User | null> {
    const id = this.idByEmail.get(email.value);
    return id === undefined ? null : this.findById(id);
  }

  async findById(id: UserId): Promise<User | null> {
    const user = this.byId.get(id);
    return user ? { ...user } : null;
  }

  /** In memory, transactions already run one at a time (InMemoryTransactions). */
  findByIdForUpdate(id: UserId): Promise<User | null> {
    return this.findById(id);
  }

  async create(user: NewUser): Promise<User> {
    if (this.idByEmail.has(user.email.value)) throw new EmailTakenError();
    const stored: User = {
      ...user,
      id: ++this.lastId,
      admin: false,
      emailVerified: false,
      createdAt: new Date(),
      lockedAt: null,
      lastLoginAt: null,
      locale: null,
    };
    this.byId.set(stored.id, stored);
    this.idByEmail.set(stored.email.value, stored.id);
    return { ...stored };
  }

  async setAdmin(id: UserId, admin: boolean): Promise<boolean> {
    return this.update(id, { admin });
  }

  async setLocked(id: UserId, locked: boolean): Promise<boolean> {
    const user = this.byId.get(id);
    if (!user) return false;
    return this.update(id, { lockedAt: locked ? (user.lockedAt ?? new Date()) : null });
  }

  async recordLogin(id: UserId): Promise<boolean> {
    const user = this.byId.get(id);
    if (!user || user.lockedAt !== null) return false;
    return this.update(id, { lastLoginAt: new Date() });
  }

  async updatePasswordHash(id: UserId, passwordHash: string): Promise<boolean> {
    return this.update(id, { passwordHash });
  }

  async markEmailVerified(id: UserId): Promise<boolean> {
    return this.update(id, { emailVerified: true });
  }

  async changeEmail(id: UserId, email: Email): Promise<boolean> {
    const user = this.byId.get(id);
    if (!user) return false;
    const holder = this.idByEmail.get(email.value);
    if (holder !== undefined && holder !== id) throw new EmailTakenError();
    this.idByEmail.delete(user.email.value);
    this.idByEmail.set(email.value, id);
    return this.update(id, { email, emailVerified: true });
  }

  async changePhone(id: UserId, phone: string | null): Promise<boolean> {
    return this.update(id, { phone });
  }

  async changeLocale(id: UserId, locale: string | null): Promise<boolean> {
    return this.update(id, { locale });
  }

  async delete(id: UserId): Promise<boolean> {
    const user = this.byId.get(id);
    if (!user) return false;
    this.byId.delete(id);
    this.idByEmail.delete(user.email.value);
    return true;
  }

  async countAdmins(): Promise<number> {
    let count = 0;
    for (const user of this.byId.values()) if (user.admin && user.lockedAt === null) count += 1;
    return count;
  }

  /** A copy of everything stored, for `InMemoryTransactions` to roll back to. */
  snapshot(): () => void {
    const byId = new Map(this.byId);
    const idByEmail = new Map(this.idByEmail);
    const { lastId } = this;
    return () => {
      this.byId.clear();
      for (const [key, value] of byId) this.byId.set(key, value);
      this.idByEmail.clear();
      for (const [key, value] of idByEmail) this.idByEmail.set(key, value);
      this.lastId = lastId;
    };
  }

  async list(query: UserPageQuery): Promise<User[]> {
    assertPageSize(query.limit);
    // Ids are handed out in increasing order, so insertion order is id order.
    const criteria = { filter: query.filter ?? null, search: null };
    const page: User[] = [];
    for (const user of this.byId.values()) {
      if (page.length >= query.limit) break;
      if ((query.afterId === null || user.id > query.afterId) && meetsCriteria(user, criteria)) page.push({ ...user });
    }
    return page;
  }

  async search(query: UserSearchQuery): Promise<User[]> {
    assertPageSize(query.limit);
    const { afterEmail } = query;
    return [...this.byId.values()]
      .filter((user) => (afterEmail === null || user.email.value > afterEmail) && meetsCriteria(user, query))
      .sort((a, b) => (a.email.value < b.email.value ? -1 : 1))
      .slice(0, query.limit)
      .map((user) => ({ ...user }));
  }

  async count(criteria: UserCriteria): Promise<number> {
    let count = 0;
    for (const user of this.byId.values()) if (meetsCriteria(user, criteria)) count += 1;
    return count;
  }

  private update(id: UserId, change: Partial<Omit<User, 'id' | 'createdAt'>>): boolean {
    const user = this.byId.get(id);
    if (!user) return false;
    this.byId.set(id, { ...user, ...change });
    return true;
  }
}
