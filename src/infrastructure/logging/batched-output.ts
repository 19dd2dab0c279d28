import { writeSync } from 'node:fs';

/** When a batch goes out: once this many characters wait, or this long after the last batch. */
export interface BatchPolicy {
  readonly batchLength: number;
  readonly everyMs: number;
}

/** The system calls the output makes; the real ones unless a test stands in. */
export interface OutputSystem {
  /** Writes bytes to the descriptor; returns how many it took. */
  write(fd: number, bytes: Uint8Array): number;
  /** Blocks the thread for `ms`, while a full pipe drains. */
  sleep(ms: number): void;
}

const REAL_SYSTEM: OutputSystem = {
  write: (fd, bytes) => writeSync(fd, bytes),
  sleep: (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms),
};

/** How long a write waits for a full, non-blocking pipe before trying again. */
const FULL_PIPE_WAIT_MS = 10;

/**
 * Log lines gathered in memory and written to a file descriptor in batches, one
 * synchronous system call per batch instead of one per line. `flushSync()` writes
 * what waits at once; the process calls it as it exits. A reader that has gone
 * (EPIPE) ends the output: later lines are dropped, so a lost log never stops the
 * process, its shutdown included. A reader that stops reading for good stalls the
 * process once the pipe is full, as a blocking write would. Any other write error
 * is thrown: the log is broken.
 */
export class BatchedOutput {
  #waiting = '';
  #closed = false;

  constructor(
    private readonly fd: number,
    private readonly policy: BatchPolicy,
    private readonly system: OutputSystem = REAL_SYSTEM,
  ) {
    // Unreferenced: a quiet log never keeps the process alive.
    setInterval(() => this.flushSync(), policy.everyMs).unref();
  }

  /** Takes one line (pino calls it); writes the batch once it is long enough. */
  write(line: string): void {
    if (this.#closed) return;
    this.#waiting += line;
    if (this.#waiting.length >= this.policy.batchLength) this.flushSync();
  }

  /** Writes every waiting line now, before returning. */
  flushSync(): void {
    if (this.#closed || this.#waiting === '') return;
    let bytes: Uint8Array = Buffer.from(this.#waiting, 'utf8');
    this.#waiting = '';
    while (bytes.length > 0) {
      try {
        bytes = bytes.subarray(this.system.write(this.fd, bytes));
      } catch (error) {
        const { code } = error as { code?: unknown };
        if (code === 'EAGAIN') {
          this.system.sleep(FULL_PIPE_WAIT_MS);
        } else if (code === 'EPIPE') {
          this.#closed = true;
          return;
        } else {
          throw error;
        }
      }
    }
  }
}
