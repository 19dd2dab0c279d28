import type { SecurityEvent, SecurityEvents } from '../../application/shared/ports/security-events.js';
import type { LoginOutcome } from './prometheus-metrics.js';

/** What the security events are counted into. */
export interface SecurityEventCounts {
  countLogin(method: string, outcome: LoginOutcome): void;
  countThrottled(event: string): void;
}

/**
 * The `SecurityEvents` port with counts: every event goes on to the recorder as before,
 * and the logins (`login.succeeded` by method, `login.remembered`, `login.failed` by
 * reason) and the throttled requests (an event whose reason, or type, says throttled)
 * are counted on the way. The composition root wraps the recorder in it when METRICS=on,
 * so the use cases that record the events know nothing of metrics.
 */
export class CountingSecurityEvents implements SecurityEvents {
  constructor(
    private readonly inner: SecurityEvents,
    private readonly counts: SecurityEventCounts,
  ) {}

  record(event: SecurityEvent): Promise<void> {
    try {
      this.count(event);
    } catch {
      // A count is never worth a lost event.
    }
    return this.inner.record(event);
  }

  settled(): Promise<void> {
    return this.inner.settled();
  }

  private count(event: SecurityEvent): void {
    const throttled = isThrottled(event);
    if (throttled) this.counts.countThrottled(event.type);
    switch (event.type) {
      case 'login.succeeded':
        this.counts.countLogin(event.method ?? 'password', 'succeeded');
        break;
      case 'login.remembered':
        this.counts.countLogin('remembered', 'succeeded');
        break;
      case 'login.failed':
        this.counts.countLogin(failedMethod(event.reason), failedOutcome(event.reason, throttled));
        break;
      default:
        break;
    }
  }
}

/** A refusal by a throttle: `password-reset.throttled`, or a reason `throttled` or `…-throttled`. */
function isThrottled(event: SecurityEvent): boolean {
  const { reason } = event;
  return event.type.endsWith('.throttled') || reason === 'throttled' || (reason?.endsWith('-throttled') ?? false);
}

/** A failed passkey login says so in its reason (`passkey-locked`); every other failure is a password's. */
function failedMethod(reason: string | undefined): string {
  return reason?.startsWith('passkey-') ? 'passkey' : 'password';
}

/** The reason, folded into a few outcomes so that the series stay few. */
function failedOutcome(reason: string | undefined, throttled: boolean): LoginOutcome {
  if (throttled) return 'throttled';
  if (reason === 'locked' || reason === 'passkey-locked') return 'locked';
  return 'failed';
}
