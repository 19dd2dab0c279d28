import { pino } from 'pino';
import type { Config } from '../config.js';
import { cachedIsoTime } from './iso-time.js';
import { redactSecrets } from './redact-secrets.js';

/** Where JSON lines go; stdout unless a test captures them. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Standard output, written in batches: lines gather until 4 kB are waiting or a second
 * has passed, then go out in one asynchronous write. One write per line cost a trip
 * through libuv's thread pool per request (issue 7); pino writes what is left
 * synchronously when the process exits. A SIGKILL loses at most that last second.
 */
const STDOUT = { dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 } as const;

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
export function createLogger(options: Config['log'], destination?: LogDestination): pino.Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    timestamp: cachedIsoTime(),
    formatters: { level: (label) => ({ level: label }), log: redactSecrets },
    serializers: { err: serializeError },
  };
  if (options.pretty && !destination) {
    // pino-pretty reads numeric levels, so the level formatter stays out of this one.
    const pretty = { ...settings, formatters: { log: redactSecrets } };
    return pino({ ...pretty, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } });
  }
  return pino(settings, destination ?? pino.destination(STDOUT));
}
