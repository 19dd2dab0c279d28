/**
 * How many password hashes (bcrypt and argon2id together: both run on libuv's thread
 * pool) may run at once: every thread of the pool but one, so that the file-system and
 * DNS work of other requests always finds a free thread instead of waiting behind
 * queued hashes. Not capped at the number of cores: the scheduler shares the cores
 * among threads, so fewer hashing threads than the pool has get a smaller share of a
 * busy machine and fewer logins per second. Each argon2id hash in flight also holds its
 * memory cost (19 MiB by default), so this bound is also the cap on that memory.
 */
export function hashConcurrency(threadPoolSize: number): number {
  return Math.max(1, threadPoolSize - 1);
}
