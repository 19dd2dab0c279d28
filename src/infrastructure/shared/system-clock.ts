import type { Clock } from '../../application/shared/ports/clock.js';

/** The machine's clock. */
export const systemClock: Clock = { now: () => Date.now() };
