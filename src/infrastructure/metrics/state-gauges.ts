import type { Knex } from 'knex';
import { Gauge, type Registry } from 'prom-client';
import type { GetMailStatus, GetMailStatusResult } from '../../application/mail/get-mail-status.js';

/** What the gauges read when Prometheus scrapes; a part left out has no series. */
export interface StateSources {
  /** The outbox's counts and backlog, read from the database at each scrape. */
  readonly mailStatus: GetMailStatus;
  /** The app's database: its statements in flight are counted from knex's documented query events. */
  readonly database: Knex | null;
  /** The Redis connection's state (ioredis' `status`, or `unopened`) when REDIS_URL is set. */
  readonly redisStatus: (() => string) | null;
}

/**
 * Adds the series read at scrape time: the mail queue's depth and age, the database
 * statements in flight, and whether Redis is connected. With several workers each
 * reports its own: the statements add up, while the mail queue (one
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
    // knex's public events, not its pool's internals: a statement is in flight from `query`
    // to `query-response` or `query-error` (knex has no public pool statistics).
    let inFlight = 0;
    database.on('query', () => (inFlight += 1));
    database.on('query-response', () => (inFlight -= 1));
    database.on('query-error', () => (inFlight -= 1));
    new Gauge({
      name: 'gatehouse_db_queries_in_flight',
      help: 'Database statements sent through knex and not answered yet: above the pool size, the rest wait for a connection.',
      registers,
      collect() {
        this.set(inFlight);
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
