import { createRequire } from 'node:module';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import type { Logger } from '../../application/shared/ports/logger.js';

const require = createRequire(import.meta.url);

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
    // An outage fails a command after two reconnect attempts, and a silent server after
    // 2 s, so a page answers 503 quickly instead of waiting on Redis.
    const { Redis: RedisClient } = require('ioredis') as typeof IoRedis;
    const client = new RedisClient(this.url, { maxRetriesPerRequest: 2, commandTimeout: 2000 });
    // Without a listener ioredis prints each failed reconnect; log it instead, and stay up.
    client.on('error', (error: unknown) => this.logger.warn({ err: error }, 'redis connection error'));
    this.opened = client;
    return client;
  }

  /** The connection's state (ioredis' `status`: `ready`, `connecting`, `reconnecting`, `end`…), or `unopened`; opens nothing. */
  status(): string {
    return this.opened?.status ?? 'unopened';
  }

  /** Quits the client, if one was made. */
  async quitIfOpened(): Promise<void> {
    await this.opened?.quit();
  }
}
