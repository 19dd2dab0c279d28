/** Attempts counted for one key in its current fixed window. */
export interface AttemptWindow {
  /** Attempts so far in the window, at least 1. */
  readonly count: number;
  /** When the window ends, in milliseconds since the epoch. */
  readonly resetsAt: number;
}

/**
 * Counts attempts per key in fixed windows, in storage every process of the app
 * shares (the same store as the sessions), so a limit holds across processes. Keys
 * are opaque; adapters may hash them (they hold emails and addresses). Times come
 * from the caller, so every adapter agrees on them. Every adapter passes the same
 * contract suite (test/contract/shared/attempt-counter.contract.ts).
 */
export interface AttemptCounter {
  /** The running window of `key` at `now`, or null when none is running. */
  get(key: string, now: number): Promise<AttemptWindow | null>;
  /**
   * Counts one attempt, atomically across processes: a new window of `windowMs`
   * starts at `now` when none is running. Resolves the window after the increment.
   */
  increment(key: string, windowMs: number, now: number): Promise<AttemptWindow>;
  /**
   * Takes one attempt back from `key`'s running window (an attempt counted in
   * advance that turned out to be a success); nothing when no window runs or its
   * count is already 0.
   */
  decrement(key: string, now: number): Promise<void>;
  /** Forgets `key`'s window. */
  reset(key: string): Promise<void>;
}
