/**
 * How many bcrypt hashes may run at once: every thread of libuv's pool but one, so
 * that the file-system and DNS work of other requests always finds a free thread
 * (with all four busy, a page waited behind the queued hashes: issue 7). Not capped
 * at the number of cores: a login storm measured on a busy 2-core machine got only
 * 0.66 × the bcrypt bound with 2 hashing threads, because the scheduler shares the
 * cores among threads, and the bound's 4 threads got a larger share.
 */
export function hashConcurrency(threadPoolSize: number): number {
  return Math.max(1, threadPoolSize - 1);
}
