import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { requireServer } from './servers.js';

/** The test server: Redis on this machine and in CI, overridable with TEST_REDIS_URL. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A connection to the test Redis that gives up quickly instead of retrying forever. */
export function connectTestRedis(): Redis {
  return new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 1 });
}

/** True when the test Redis answers PING. */
export async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null });
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

/** A key prefix of this test run's own, e.g. `gatehouse_test_1a2b3c:`; never shared with others. */
export function uniqueRedisPrefix(): string {
  return `gatehouse_test_${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under the prefix (never FLUSHALL: the server is shared). */
export async function deleteRedisKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}

/**
 * Gives the enclosing `describe` a connection to the test Redis, opened before its
 * tests (required under CI, skipped with a notice elsewhere) and closed after, with
 * the keys under `prefix` deleted first when one is given. Returns the connection,
 * available once the suite's `before` hook has run.
 */
export function useTestRedis(prefix?: string): () => Redis {
  let redis: Redis | undefined;
  before(async function () {
    await requireServer(this, 'Redis', redisAnswers);
    redis = connectTestRedis();
    await redis.connect();
  });
  after(async () => {
    if (!redis) return;
    if (prefix !== undefined) await deleteRedisKeys(redis, prefix);
    redis.disconnect();
  });
  return () => {
    if (!redis) throw new Error('the test Redis is not connected');
    return redis;
  };
}
