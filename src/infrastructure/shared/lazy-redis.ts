import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Redis, RedisOptions } from 'ioredis';
import type { Logger } from '../../application/shared/ports/logger.js';

const require = createRequire(import.meta.url);

/** While Redis stays away, one warning per this much time. */
const ERROR_LOG_EVERY_MS = 60_000;

/**
 * How the client meets an outage: a page answers 503 at once instead of waiting on Redis,
 * and the client is back within half a second of Redis.
 * - No command waits for a reconnection: once the connection has been ready, a command
 *   sent while it is down fails at once (`enableOfflineQueue` off, see `client()`), and one
 *   in flight when it drops is not sent again (`maxRetriesPerRequest: 0`).
 * - A server that stops answering fails a command after 1 s (`commandTimeout`), and a
 *   connection attempt after 1 s (`connectTimeout`).
 * - Reconnection is tried after 50 ms, 100 ms… then every 500 ms for as long as it takes.
 */
export const REDIS_OUTAGE_OPTIONS: RedisOptions = {
  maxRetriesPerRequest: 0,
  commandTimeout: 1000,
  connectTimeout: 1000,
  retryStrategy: (attempt: number) => Math.min(attempt * 50, 500),
};

/**
 * The one Redis client of a process, made when first asked for: ioredis is loaded only
 * then, so a process without REDIS_URL does not carry it, and a process that only
 * migrates opens no connection.
 */
export class LazyRedis {
  private opened: Redis | null = null;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
  ) {}

  /** The client, connecting on first use. */
  client(): Redis {
    if (this.opened) return this.opened;
    const { Redis: RedisClient } = require('ioredis') as typeof IoRedis;
    // The commands of the first requests wait for the first connection (the offline
    // queue); from then on, a command while the connection is down fails at once.
    const client = new RedisClient(this.url, { ...REDIS_OUTAGE_OPTIONS, enableOfflineQueue: true });
    let down = false;
    let lastErrorLogAt = -Infinity;
    client.on('ready', () => {
      client.options.enableOfflineQueue = false;
      if (down) this.logger.info({}, 'redis connection is back');
      down = false;
    });
    // Without a listener ioredis prints each failed reconnect; log it instead, rate-limited, and stay up.
    client.on('error', (error: unknown) => {
      const now = performance.now();
      if (!down || now - lastErrorLogAt >= ERROR_LOG_EVERY_MS) {
        this.logger.warn({ err: error }, 'redis connection error');
        lastErrorLogAt = now;
      }
      down = true;
    });
    this.opened = client;
    return client;
  }

  /** The connection's state (ioredis' `status`: `ready`, `connecting`, `reconnecting`, `end`…), or `unopened`; opens nothing. */
  status(): string {
    return this.opened?.status ?? 'unopened';
  }

  /** Quits the client, if one was made; drops its connection when Redis is away. */
  async quitIfOpened(): Promise<void> {
    const client = this.opened;
    if (!client) return;
    if (client.status !== 'ready') return client.disconnect();
    await client.quit().catch(() => client.disconnect());
  }
}
