import type { Knex } from 'knex';
import { Gauge, type Registry } from 'prom-client';
import type { GetMailStatus, GetMailStatusResult } from '../../application/mail/get-mail-status.js';

/** What the gauges read when Prometheus scrapes; a part left out has no series. */
export interface StateSources {
  /** The outbox's counts and backlog, read from the database at each scrape. */
  readonly mailStatus: GetMailStatus;
  /** The app's database, whose connection pool is read (knex's `client.pool`, a tarn pool). */
  readonly database: Knex | null;
  /** The Redis connection's state (ioredis' `status`, or `unopened`) when REDIS_URL is set. */
  readonly redisStatus: (() => string) | null;
}

/**
 * Adds the series read at scrape time: the mail queue's depth and age, the database
 * pool's connections, and whether Redis is connected. Nothing runs between scrapes. With
 * several workers each reports its own: the pools add up, while the mail queue (one
 * outbox, read by each worker alike) is the largest of them, not their sum.
 */
export function registerStateGauges(registry: Registry, sources: StateSources): void {
  const registers = [registry];
  const readMail = sharedReading(() => sources.mailStatus.execute());
  new Gauge({
    name: 'gatehouse_mail_queue_messages',
    help: 'Messages in the outbox by state: pending (waiting to be sent) or failed (given up, see mail retry). No sample while the database cannot be read.',
    labelNames: ['state'],
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      const status = await readMail();
      if (status === null) return;
      this.set({ state: 'pending' }, status.pending);
      this.set({ state: 'failed' }, status.failed);
    },
  });
  new Gauge({
    name: 'gatehouse_mail_queue_oldest_age_seconds',
    help: 'How long the oldest pending message has waited; 0 when none is pending. No sample while the database cannot be read.',
    // Labelled, like the counts beside it, so that an unreadable outbox leaves no sample (an unlabelled gauge always has one).
    labelNames: ['state'],
    aggregator: 'max',
    registers,
    async collect() {
      this.reset();
      const status = await readMail();
      if (status === null) return;
      this.set({ state: 'pending' }, (status.oldestPendingAgeMs ?? 0) / 1000);
    },
  });
  const { database, redisStatus } = sources;
  if (database) {
    new Gauge({
      name: 'gatehouse_db_pool_connections',
      help: 'The database connection pool: connections in use, idle (free), and requests waiting for one (pending).',
      labelNames: ['state'],
      registers,
      collect() {
        const pool = poolOf(database);
        this.set({ state: 'used' }, pool?.numUsed() ?? 0);
        this.set({ state: 'free' }, pool?.numFree() ?? 0);
        this.set({ state: 'pending' }, pool ? pool.numPendingAcquires() + pool.numPendingCreates() : 0);
      },
    });
  }
  if (redisStatus) {
    new Gauge({
      name: 'gatehouse_redis_up',
      help: 'Whether the Redis connection is ready (1) or not (0: connecting, reconnecting, closed, or not opened yet); with several workers, the lowest.',
      aggregator: 'min',
      registers,
      collect() {
        this.set(redisStatus() === 'ready' ? 1 : 0);
      },
    });
  }
}

/** The counts of a tarn pool, as knex documents `knex.client.pool`. */
interface PoolCounts {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

/** The pool once knex has made it (on the first query), else null. */
function poolOf(database: Knex): PoolCounts | null {
  const pool: unknown = (database.client as { pool?: unknown }).pool;
  return pool && typeof (pool as Partial<PoolCounts>).numUsed === 'function' ? (pool as PoolCounts) : null;
}

/**
 * The outbox's status, read once for the gauges of one scrape (prom-client collects
 * every metric at once, so the second asks while the first reading is in flight); null
 * when it cannot be read (an outage).
 */
function sharedReading(read: () => Promise<GetMailStatusResult>): () => Promise<GetMailStatusResult | null> {
  let inFlight: Promise<GetMailStatusResult | null> | null = null;
  return () => {
    inFlight ??= read()
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}
