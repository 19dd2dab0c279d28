import type { NewPasskey, Passkey, Passkeys } from '../../application/passkeys/ports/passkeys.js';
import type { UserId } from '../../domain/shared/user.js';

/**
 * Passkeys in process memory: for tests and demos. It hands out copies, enforces the
 * unique credential id of the SQL table, and passes the same contract suite.
 */
export class InMemoryPasskeys implements Passkeys {
  private readonly byId = new Map<number, Passkey>();
  private nextId = 1;

  async add(passkey: NewPasskey): Promise<Passkey | null> {
    if ([...this.byId.values()].some((stored) => stored.credentialId === passkey.credentialId)) return null;
    const stored: Passkey = { ...passkey, id: this.nextId++, lastUsedAt: null };
    this.byId.set(stored.id, stored);
    return copy(stored);
  }

  async findByCredentialId(credentialId: string): Promise<Passkey | null> {
    const found = [...this.byId.values()].find((passkey) => passkey.credentialId === credentialId);
    return found ? copy(found) : null;
  }

  async listOfUser(userId: UserId): Promise<Passkey[]> {
    return [...this.byId.values()].filter((passkey) => passkey.userId === userId).map(copy);
  }

  async countOfUser(userId: UserId): Promise<number> {
    return (await this.listOfUser(userId)).length;
  }

  async recordUse(id: number, counter: number, now: number): Promise<boolean> {
    // Checked and written with no await between: of two callers, one wins.
    const passkey = this.byId.get(id);
    if (!passkey) return false;
    const allowed = counter === 0 ? passkey.counter === 0 : passkey.counter < counter;
    if (!allowed) return false;
    this.byId.set(id, { ...passkey, counter, lastUsedAt: now });
    return true;
  }

  async rename(userId: UserId, id: number, name: string): Promise<boolean> {
    const passkey = this.byId.get(id);
    if (!passkey || passkey.userId !== userId) return false;
    this.byId.set(id, { ...passkey, name });
    return true;
  }

  async delete(userId: UserId, id: number): Promise<boolean> {
    const passkey = this.byId.get(id);
    if (!passkey || passkey.userId !== userId) return false;
    return this.byId.delete(id);
  }

  async deleteAllOfUser(userId: UserId): Promise<number> {
    let count = 0;
    for (const [id, passkey] of this.byId) {
      if (passkey.userId === userId) count += Number(this.byId.delete(id));
    }
    return count;
  }

  /** The current state, and how to go back to it (a rolled-back transaction). */
  snapshot(): () => void {
    const copy = new Map(this.byId);
    return () => {
      this.byId.clear();
      for (const [id, passkey] of copy) this.byId.set(id, passkey);
    };
  }
}

function copy(passkey: Passkey): Passkey {
  return { ...passkey, publicKey: new Uint8Array(passkey.publicKey), transports: [...passkey.transports] };
}
