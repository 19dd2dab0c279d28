import type { Redis } from 'ioredis';
import type { AttemptCounter, AttemptWindow } from '../../../application/shared/ports/attempt-counter.js';
import { hashKey } from './hash-key.js';

/**
 * Counts one attempt atomically (Redis runs a script without interleaving). The
 * window's end is kept in the hash and compared with the caller's `now`, like the
 * other adapters; the key's TTL only lets Redis forget ended windows.
 */
const INCREMENT = `
local window = redis.call('HMGET', KEYS[1], 'count', 'resetsAt')
local now = tonumber(ARGV[1])
local windowMs = tonumber(ARGV[2])
if window[1] == false or tonumber(window[2]) <= now then
  redis.call('HSET', KEYS[1], 'count', 1, 'resetsAt', now + windowMs)
  redis.call('PEXPIRE', KEYS[1], windowMs)
  return {1, now + windowMs}
end
return {redis.call('HINCRBY', KEYS[1], 'count', 1), tonumber(window[2])}
`;

/** Takes one attempt back, atomically, only from a running window with a count above 0. */
const DECREMENT = `
local window = redis.call('HMGET', KEYS[1], 'count', 'resetsAt')
if window[1] ~= false and tonumber(window[1]) > 0 and tonumber(window[2]) > tonumber(ARGV[1]) then
  redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 0
`;

/** Attempt windows in Redis, shared by every process that uses the same server and prefix. */
export class RedisAttemptCounter implements AttemptCounter {
  /** `prefix` namespaces the keys, e.g. `gatehouse:throttle:`. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'gatehouse:throttle:',
  ) {}

  async get(key: string, now: number): Promise<AttemptWindow | null> {
    const [count, resetsAt] = await this.redis.hmget(this.redisKey(key), 'count', 'resetsAt');
    if (count === null || resetsAt === null || Number(resetsAt) <= now) return null;
    return { count: Number(count), resetsAt: Number(resetsAt) };
  }

  async increment(key: string, windowMs: number, now: number): Promise<AttemptWindow> {
    const [count, resetsAt] = (await this.redis.eval(INCREMENT, 1, this.redisKey(key), now, windowMs)) as [
      number,
      number,
    ];
    return { count: Number(count), resetsAt: Number(resetsAt) };
  }

  async decrement(key: string, now: number): Promise<void> {
    await this.redis.eval(DECREMENT, 1, this.redisKey(key), now);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.redisKey(key));
  }

  private redisKey(key: string): string {
    return this.prefix + hashKey(key);
  }
}
