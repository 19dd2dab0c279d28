import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The test server: Redis on this machine and in CI, overridable with TEST_REDIS_URL. */
const SERVER_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A client that gives up quickly, so an absent server is noticed at once. */
export function testRedisClient(): Redis {
  return new Redis(SERVER_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
}

/** True when the Redis test server answers. */
export async function redisAnswers(): Promise<boolean> {
  const redis = testRedisClient();
  redis.on('error', () => {});
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** A key prefix of its own for one test run; the server is shared, so never FLUSHALL. */
export function uniqueRedisPrefix(): string {
  return `gatehouse-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix` (SCAN, not KEYS, to keep the shared server responsive). */
export async function deleteRedisKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 100);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
