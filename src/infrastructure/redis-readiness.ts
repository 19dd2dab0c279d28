import type { Redis } from 'ioredis';
import type { ReadinessCheck } from '../application/shared/ports/readiness-check.js';

/** Readiness of Redis: it answers PING. While it is away the check waits, and /readyz gives up. */
export function redisReadiness(redis: Redis): ReadinessCheck {
  return {
    name: 'redis',
    async check() {
      await redis.ping();
    },
  };
}
