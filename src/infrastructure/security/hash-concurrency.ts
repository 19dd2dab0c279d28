/**
 * How many bcrypt hashes may run at once: enough to keep every core busy during a
 * login storm, and always at least one thread of libuv's pool left for other work
 * (file reads, DNS), so other requests never queue behind the hashes.
 */
export function hashConcurrency(threadPoolSize: number, cores: number): number {
  return Math.max(1, Math.min(cores, threadPoolSize - 1));
}
