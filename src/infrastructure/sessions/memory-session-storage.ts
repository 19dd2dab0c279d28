import type { UserId } from '../../domain/user.js';
import type { SessionChange, SessionRecord, SessionStorage } from '../../application/ports/session-storage.js';

/**
 * Sessions in process memory: for tests and single-process demos. It keeps copies
 * (JSON round trip) so a caller's later change never leaks into the store.
 */
export class MemorySessionStorage implements SessionStorage {
  private readonly records = new Map<string, SessionRecord>();

  async find(id: string, now: number): Promise<SessionRecord | null> {
    const record = this.live(id, now);
    return record ? copy(record) : null;
  }

  async insert(id: string, record: SessionRecord): Promise<void> {
    this.records.set(id, copy(record));
  }

  async update(id: string, change: SessionChange, now: number): Promise<boolean> {
    const record = this.live(id, now);
    if (!record) return false;
    this.records.set(id, copy({ ...record, ...change }));
    return true;
  }

  async touch(id: string, expiresAt: number, now: number): Promise<boolean> {
    const record = this.live(id, now);
    if (!record) return false;
    this.records.set(id, { ...record, expiresAt });
    return true;
  }

  async destroy(id: string): Promise<void> {
    this.records.delete(id);
  }

  async destroyAllOfUser(userId: UserId): Promise<number> {
    let count = 0;
    for (const [id, record] of this.records) {
      if (record.userId === userId && this.records.delete(id)) count += 1;
    }
    return count;
  }

  async countOfUser(userId: UserId, now: number): Promise<number> {
    let count = 0;
    for (const record of this.records.values()) if (record.userId === userId && record.expiresAt > now) count += 1;
    return count;
  }

  async purgeExpired(now: number): Promise<number> {
    let count = 0;
    for (const [id, record] of this.records) {
      if (record.expiresAt <= now && this.records.delete(id)) count += 1;
    }
    return count;
  }

  private live(id: string, now: number): SessionRecord | null {
    const record = this.records.get(id);
    return record && record.expiresAt > now ? record : null;
  }
}

function copy(record: SessionRecord): SessionRecord {
  return { ...record, data: JSON.parse(JSON.stringify(record.data)) };
}
