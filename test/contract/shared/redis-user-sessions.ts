import { expect } from 'chai';
import type { Redis } from 'ioredis';
import { RedisSessionStorage } from '../../../src/infrastructure/shared/sessions/redis-session-storage.js';
import { newSessionHandle, newSessionId, SESSION_HANDLE_SHAPE } from '../../../src/web/shared/session-id.js';

const MINUTE = 60_000;

/**
 * RedisSessionStorage's own index of each user's sessions: its key layout, its trimming,
 * and the sessions of the version before (a hash with no device, a plain set per user).
 */
export function redisUserIndex(redis: () => Redis, prefix: string): void {
  const storage = () => new RedisSessionStorage(redis(), prefix);
  const indexKey = (userId: number) => `${prefix}user-sessions:${userId}`;
  const legacyKey = (userId: number) => `${prefix}user:${userId}`;

  async function insert(userId: number, now: number, expiresAt = now + MINUTE, absoluteExpiresAt = now + 10 * MINUTE) {
    const id = newSessionId();
    const device = { handle: newSessionHandle(), userAgent: 'curl/8', ip: '::1', createdAt: now, lastSeenAt: now };
    await storage().insert(id, { data: { passport: { user: userId } }, userId, expiresAt, absoluteExpiresAt, device });
    return id;
  }

  /** A session as the version before stored it: no device fields, its id in a plain set. */
  async function insertLegacy(userId: number, now: number): Promise<string> {
    const id = newSessionId();
    const key = `${prefix}sess:${id}`;
    await redis().hset(key, {
      data: JSON.stringify({ passport: { user: userId } }),
      userId: String(userId),
      expiresAt: String(now + 10 * MINUTE),
      absoluteExpiresAt: String(now + 60 * MINUTE),
    });
    await redis().pexpireat(key, now + 11 * MINUTE);
    await redis().sadd(legacyKey(userId), id);
    return id;
  }

  it("indexes a user's sessions in a sorted set scored by absolute expiry, which expires after the last", async () => {
    const now = Date.now();
    const id = await insert(31, now);
    expect(await redis().type(indexKey(31))).to.equal('zset');
    expect(Number(await redis().zscore(indexKey(31), id))).to.equal(now + 10 * MINUTE);
    expect(await redis().pttl(indexKey(31))).to.be.within(10 * MINUTE, 11 * MINUTE + 1000);
  });

  it('drops from the index, when listing, the ids past their absolute expiry and those of ended sessions', async () => {
    const now = Date.now();
    await insert(32, now, now + MINUTE, now + 2 * MINUTE);
    const ended = await insert(32, now);
    await redis().del(`${prefix}sess:${ended}`);
    const live = await insert(32, now, now + 5 * MINUTE);

    expect(await storage().listOfUser(32, now + 3 * MINUTE)).to.have.length(1);

    expect(await redis().zrange(indexKey(32), 0, '-1')).to.deep.equal([live]);
  });

  it('lists a session of the version before with a new handle, which it keeps, and moves it to the sorted set', async () => {
    const now = Date.now();
    const id = await insertLegacy(33, now);

    const [listed] = await storage().listOfUser(33, now);

    expect(listed?.handle).to.match(SESSION_HANDLE_SHAPE);
    expect(listed).to.deep.include({ userAgent: null, ip: null, createdAt: null, lastSeenAt: null });
    expect((await storage().find(id, now))?.device?.handle).to.equal(listed?.handle);
    expect(await storage().listOfUser(33, now)).to.deep.equal([listed]);
    expect(await redis().zrange(indexKey(33), 0, '-1')).to.deep.equal([id]);
    expect(await redis().exists(legacyKey(33))).to.equal(0);
    expect(await storage().destroyOfUser(33, listed?.handle ?? '', now)).to.equal(true);
    expect(await storage().find(id, now)).to.equal(null);
  });

  it('ends the sessions of the version before with every session of the user', async () => {
    const now = Date.now();
    const [legacy, current] = [await insertLegacy(34, now), await insert(34, now)];
    expect(await storage().destroyAllOfUser(34)).to.equal(2);
    expect(await storage().find(legacy, now)).to.equal(null);
    expect(await storage().find(current, now)).to.equal(null);
    expect(await redis().exists(legacyKey(34), indexKey(34))).to.equal(0);
  });

  it('ends the sessions of the version before when all but one session are logged out', async () => {
    const now = Date.now();
    const legacy = await insertLegacy(35, now);
    const kept = await insert(35, now);
    const handle = (await storage().find(kept, now))?.device?.handle ?? '';
    expect(await storage().destroyAllOfUser(35, handle)).to.equal(1);
    expect(await storage().find(legacy, now)).to.equal(null);
    expect(await storage().find(kept, now)).to.not.equal(null);
  });
}
