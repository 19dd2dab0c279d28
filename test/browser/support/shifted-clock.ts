import type { Clock } from '../../../src/application/shared/ports/clock.js';

/**
 * The machine's clock moved forward by hand, for a real server: time goes on as a
 * browser's requests arrive (each event keeps its order), and `advance` jumps it past a
 * deadline without the test waiting for it.
 */
export class ShiftedClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
