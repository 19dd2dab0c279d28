import { pino } from 'pino';
import type { Config } from '../config.js';
import { BatchedOutput } from './batched-output.js';
import { cachedIsoTime } from './iso-time.js';
import { PinoLogger } from './pino-logger.js';
import { redactSecrets } from './redact-secrets.js';

/** Where JSON lines go when not to stdout: a test's memory. */
export interface LogDestination {
  write(line: string): void;
  /** Writes out what is buffered, if anything is. */
  flushSync?(): void;
}

/**
 * Standard output, written in batches: lines gather until 4 kB are waiting or a second
 * has passed, then go out in one synchronous write. Whoever ends the process calls
 * `flushSync()` first (main.ts does it on `exit`); a SIGKILL loses at most the last
 * second. The batching is ours (batched-output.ts) rather than pino.destination's,
 * whose flushSync() retries forever once the reader has gone, so a SIGTERM after the
 * log collector died would never finish.
 */
const STDOUT_BATCH = { batchLength: 4096, everyMs: 1000 } as const;

/**
 * An error as it is logged: its type, code, message and stack, and no other
 * property, because drivers attach the failed statement and its values to errors.
 */
function serializeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' && { code }),
    stack: error.stack,
    ...(error.cause !== undefined && { cause: serializeError(error.cause) }),
  };
}

/**
 * The process logger: JSON lines with an ISO time and the level as a word, or
 * pino-pretty's coloured lines when configured (development on a terminal).
 */
export function createLogger(options: Config['log'], destination?: LogDestination): PinoLogger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    timestamp: cachedIsoTime(),
    formatters: { level: (label) => ({ level: label }), log: redactSecrets, bindings: redactSecrets },
    serializers: { err: serializeError },
  };
  if (destination) {
    return new PinoLogger(pino(settings, destination), { flushSync: () => destination.flushSync?.() });
  }
  if (options.pretty) {
    // pino-pretty reads numeric levels, so the level formatter stays out of this one.
    const pretty = { ...settings, formatters: { log: redactSecrets, bindings: redactSecrets } };
    const output = pino.transport({ target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } });
    return new PinoLogger(pino(pretty, output), output);
  }
  const output = new BatchedOutput(1, STDOUT_BATCH);
  return new PinoLogger(pino(settings, output), output);
}
