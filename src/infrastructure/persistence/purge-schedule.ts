/** How often expired records are deleted, in the background and never per request. */
export const PURGE_EVERY_MS = 10 * 60 * 1000;

/** A store that deletes its expired records (sessions, the tokens of emailed links). */
export interface Purgeable {
  /** Deletes what expired (or was used) before `now`; resolves how many. */
  purgeExpired(now: number): Promise<number>;
}

/** A store to purge, named for the log line of a failure. */
export interface PurgeTarget {
  readonly name: string;
  readonly store: Purgeable;
}

/**
 * Deletes the expired records of every target every `everyMs`, off the request path.
 * Each target on its own: one that fails is reported and the others still run. Returns
 * a stop function; the timer never keeps the process alive.
 */
export function schedulePurge(
  targets: readonly PurgeTarget[],
  onError: (name: string, error: unknown) => void,
  everyMs: number = PURGE_EVERY_MS,
): () => void {
  const purge = () => {
    const now = Date.now();
    for (const { name, store } of targets) store.purgeExpired(now).catch((error: unknown) => onError(name, error));
  };
  const timer = setInterval(purge, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
