import type { Clock } from '../application/ports/clock.js';

/** The machine's clock. */
export const systemClock: Clock = { now: () => Date.now() };
