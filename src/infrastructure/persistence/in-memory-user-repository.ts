import { assertPageSize, type UserPageQuery, type UserRepository } from '../../application/ports/user-repository.js';
import type { Email } from '../../domain/email.js';
import { EmailTakenError } from '../../domain/errors.js';
import type { NewUser, User, UserId } from '../../domain/user.js';

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

  async create(user: NewUser): Promise<User> {
    if (this.idByEmail.has(user.email.value)) throw new EmailTakenError();
    const stored: User = { ...user, id: ++this.lastId, admin: false, createdAt: new Date() };
    this.byId.set(stored.id, stored);
    this.idByEmail.set(stored.email.value, stored.id);
    return { ...stored };
  }

  async setAdmin(id: UserId, admin: boolean): Promise<boolean> {
    return this.update(id, { admin });
  }

  async updatePasswordHash(id: UserId, passwordHash: string): Promise<boolean> {
    return this.update(id, { passwordHash });
  }

  async list(query: UserPageQuery): Promise<User[]> {
    assertPageSize(query.limit);
    // Ids are handed out in increasing order, so insertion order is id order.
    const page: User[] = [];
    for (const user of this.byId.values()) {
      if (page.length >= query.limit) break;
      if (query.afterId === null || user.id > query.afterId) page.push({ ...user });
    }
    return page;
  }

  private update(id: UserId, change: Partial<Pick<User, 'admin' | 'passwordHash'>>): boolean {
    const user = this.byId.get(id);
    if (!user) return false;
    this.byId.set(id, { ...user, ...change });
    return true;
  }
}
