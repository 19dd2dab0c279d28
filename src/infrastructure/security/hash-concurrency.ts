/**
 * How many bcrypt hashes may run at once: every thread of libuv's pool but one, so
 * that the file-system and DNS work of other requests always finds a free thread
 * instead of waiting behind queued hashes. Not capped at the number of cores: the
 * scheduler shares the cores among threads, so fewer hashing threads than the pool
 * has get a smaller share of a busy machine and fewer logins per second.
 */
export function hashConcurrency(threadPoolSize: number): number {
  return Math.max(1, threadPoolSize - 1);
}
