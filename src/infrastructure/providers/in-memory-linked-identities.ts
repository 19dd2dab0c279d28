import type { LinkedIdentities, LinkedIdentity, NewLinkedIdentity } from '../../application/providers/ports/linked-identities.js';
import type { UserId } from '../../domain/shared/user.js';

/**
 * Linked identities in process memory: for tests and demos. It hands out copies, enforces
 * the unique keys of the SQL table, and passes the same contract suite.
 */
export class InMemoryLinkedIdentities implements LinkedIdentities {
  private byId = new Map<number, LinkedIdentity>();
  private passwordless = new Set<UserId>();
  private nextId = 1;

  async add(identity: NewLinkedIdentity): Promise<LinkedIdentity | null> {
    const taken = [...this.byId.values()].some(
      (stored) =>
        stored.provider === identity.provider && (stored.subject === identity.subject || stored.userId === identity.userId),
    );
    if (taken) return null;
    const stored: LinkedIdentity = { ...identity, id: this.nextId++, lastUsedAt: null };
    this.byId.set(stored.id, stored);
    return { ...stored };
  }

  async find(provider: string, subject: string): Promise<LinkedIdentity | null> {
    const found = [...this.byId.values()].find((stored) => stored.provider === provider && stored.subject === subject);
    return found ? { ...found } : null;
  }

  async listOfUser(userId: UserId): Promise<LinkedIdentity[]> {
    return [...this.byId.values()].filter((stored) => stored.userId === userId).map((stored) => ({ ...stored }));
  }

  async recordUse(id: number, email: string, now: number): Promise<boolean> {
    const stored = this.byId.get(id);
    if (!stored) return false;
    this.byId.set(id, { ...stored, email, lastUsedAt: now });
    return true;
  }

  async delete(userId: UserId, id: number): Promise<boolean> {
    const stored = this.byId.get(id);
    if (!stored || stored.userId !== userId) return false;
    return this.byId.delete(id);
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    let count = 0;
    for (const [id, stored] of this.byId) {
      if (stored.userId === userId) count += Number(this.byId.delete(id));
    }
    return count;
  }

  async markPasswordless(userId: UserId): Promise<void> {
    this.passwordless.add(userId);
  }

  async isPasswordless(userId: UserId): Promise<boolean> {
    return this.passwordless.has(userId);
  }

  async clearPasswordless(userId: UserId): Promise<boolean> {
    return this.passwordless.delete(userId);
  }

  /** The current state, and how to go back to it (a rolled-back transaction). */
  snapshot(): () => void {
    const byId = new Map(this.byId);
    const passwordless = new Set(this.passwordless);
    return () => {
      this.byId = new Map(byId);
      this.passwordless = new Set(passwordless);
    };
  }
}
