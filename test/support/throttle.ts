import { AuthThrottle, DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from '../../src/application/shared/auth-throttle.js';
import type { Clock } from '../../src/application/shared/ports/clock.js';
import { InMemoryAttemptCounter } from '../../src/infrastructure/shared/throttling/in-memory-attempt-counter.js';

/** A documentation address (RFC 5737) for use-case inputs. */
export const CLIENT_ADDRESS = '192.0.2.1';

/** A clock a test moves by hand. */
export class ManualClock implements Clock {
  constructor(private time = Date.UTC(2026, 10, 22, 12)) {}

  now(): number {
    return this.time;
  }

  advance(ms: number): void {
    this.time += ms;
  }
}

/** A throttle on a fresh in-memory counter, with the production limits unless told otherwise. */
export function testThrottle(limits: Partial<ThrottleLimits> = {}, clock: Clock = new ManualClock()): AuthThrottle {
  return new AuthThrottle(new InMemoryAttemptCounter(), clock, { ...DEFAULT_THROTTLE_LIMITS, ...limits });
}
