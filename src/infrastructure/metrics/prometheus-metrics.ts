import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** How a login ended, as `gatehouse_logins_total` counts it. */
export type LoginOutcome = 'succeeded' | 'failed' | 'locked' | 'throttled';

/** The upper bounds of the request durations, in seconds: a page takes milliseconds, a password hash about 100. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type RequestLabel = 'method' | 'route' | 'status';

/**
 * One process's metrics on prom-client, in a registry of their own: the requests by
 * route and status, the logins by method and outcome, the throttled requests, and
 * Node's own (event-loop delay, memory, CPU, garbage collection). The series that read
 * a state when scraped (the mail queue, the pools) are added to `registry` beside them.
 */
export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly durations: Histogram<RequestLabel>;
  /** One child per method, route and status seen: a request costs a map look-up, not a label check. */
  private readonly byRequest = new Map<string, Histogram.Internal<RequestLabel>>();
  private readonly logins: Counter<'method' | 'outcome'>;
  private readonly throttled: Counter<'event'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.durations = new Histogram({
      name: 'gatehouse_http_request_duration_seconds',
      help: 'Requests answered, by method, route (the pattern matched, or "unmatched") and status: their count and how long they took.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers,
    });
    this.logins = new Counter({
      name: 'gatehouse_logins_total',
      help: 'Logins by method (password, totp, recovery-code, passkey, remembered) and outcome (succeeded, failed, locked, throttled).',
      labelNames: ['method', 'outcome'],
      registers,
    });
    this.throttled = new Counter({
      name: 'gatehouse_throttled_total',
      help: 'Requests refused by a throttle, by the security event that recorded the refusal.',
      labelNames: ['event'],
      registers,
    });
  }

  /** One answered request; its duration in seconds. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let child = this.byRequest.get(key);
    if (child === undefined) {
      child = this.durations.labels(method, route, String(status));
      this.byRequest.set(key, child);
    }
    child.observe(seconds);
  }

  /** One login, or one refused attempt. */
  countLogin(method: string, outcome: LoginOutcome): void {
    this.logins.inc({ method, outcome });
  }

  /** One request a throttle refused, by the type of the event that recorded it. */
  countThrottled(event: string): void {
    this.throttled.inc({ event });
  }

  /** This process's series, in Prometheus' text format. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
