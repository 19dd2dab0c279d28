import type { UserId } from '../../../domain/shared/user.js';
import {
  latestUseFirst,
  type SessionChange,
  type SessionDevice,
  type SessionRecord,
  type SessionStorage,
} from '../../../application/shared/ports/session-storage.js';

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
    const { ip, ...rest } = change;
    this.records.set(id, copy({ ...record, ...rest, device: used(record.device, now, ip) }));
    return true;
  }

  async touch(id: string, expiresAt: number, now: number, ip: string): Promise<boolean> {
    const record = this.live(id, now);
    if (!record) return false;
    this.records.set(id, { ...record, expiresAt, device: used(record.device, now, ip) });
    return true;
  }

  async destroy(id: string): Promise<void> {
    this.records.delete(id);
  }

  async listOfUser(userId: UserId, now: number): Promise<SessionDevice[]> {
    const devices: SessionDevice[] = [];
    for (const record of this.records.values()) {
      if (record.userId === userId && record.expiresAt > now && record.device) devices.push({ ...record.device });
    }
    return devices.sort(latestUseFirst);
  }

  async destroyOfUser(userId: UserId, handle: string, now: number): Promise<boolean> {
    for (const [id, record] of this.records) {
      if (record.userId === userId && record.device?.handle === handle && record.expiresAt > now) {
        return this.records.delete(id);
      }
    }
    return false;
  }

  async destroyAllOfUser(userId: UserId, exceptHandle?: string): Promise<number> {
    let count = 0;
    for (const [id, record] of this.records) {
      if (record.userId !== userId) continue;
      if (exceptHandle !== undefined && record.device?.handle === exceptHandle) continue;
      if (this.records.delete(id)) count += 1;
    }
    return count;
  }

  async destroyAll(): Promise<number> {
    const count = this.records.size;
    this.records.clear();
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

/** The device after a use at `at` from `ip`; an anonymous session has none to note it on. */
function used(device: SessionDevice | null, at: number, ip: string): SessionDevice | null {
  return device && { ...device, lastSeenAt: at, ip };
}

function copy(record: SessionRecord): SessionRecord {
  return { ...record, data: JSON.parse(JSON.stringify(record.data)), device: record.device && { ...record.device } };
}
