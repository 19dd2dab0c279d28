import type { SessionStorage } from '../../application/ports/session-storage.js';

/** How often expired sessions are deleted: one indexed DELETE, never per request. */
export const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Deletes expired sessions now and then every `everyMs`, off the request path.
 * Resolves a stop function; the timer never keeps the process alive.
 */
export function schedulePurge(
  storage: SessionStorage,
  onError: (error: unknown) => void,
  everyMs: number = PURGE_EVERY_MS,
): () => void {
  const purge = () => {
    storage.purgeExpired(Date.now()).catch(onError);
  };
  const timer = setInterval(purge, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
