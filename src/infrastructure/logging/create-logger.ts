import { pino } from 'pino';
import type { Config } from '../config.js';
import { cachedIsoTime } from './iso-time.js';
import { redactSecrets } from './redact-secrets.js';

/** Where JSON lines go; stdout unless a test captures them. */
export interface LogDestination {
  write(line: string): void;
  /** Writes out what is buffered; pino calls it for `logger.flush()`. */
  flush?(callback?: (error?: Error) => void): void;
}

/**
 * Standard output, written in batches: lines gather until 4 kB are waiting or a second
 * has passed, then go out in one write. The write is synchronous, as pino's own
 * destination is by default: an asynchronous write is a trip through libuv's thread
 * pool (a thread woken, then the event loop woken back), which cost about 10 % of the
 * CPU of a `GET /` even once per 4 kB (issue 7; one write per line cost far more).
 * pino writes what is left when the process exits; a SIGKILL loses at most the last
 * second. A log reader that stops reading for good stalls the process once the pipe
 * is full, where an asynchronous write would pile the lines up in memory instead.
 */
const STDOUT = { dest: 1, sync: true, minLength: 4096, periodicFlush: 1000 } as const;

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
    formatters: { level: (label) => ({ level: label }), log: redactSecrets, bindings: redactSecrets },
    serializers: { err: serializeError },
    hooks: {
      // Warnings and errors go out at once, not with the next batch: they are the lines
      // that explain a crash, and a crash (an out-of-memory abort) skips the exit flush.
      logMethod(args, method, level) {
        method.apply(this, args);
        if (level >= WARN) this.flush();
      },
    },
  };
  if (options.pretty && !destination) {
    // pino-pretty reads numeric levels, so the level formatter stays out of this one.
    const pretty = { ...settings, formatters: { log: redactSecrets, bindings: redactSecrets } };
    return redactingChildren(
      pino({ ...pretty, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l' } } }),
    );
  }
  return redactingChildren(pino(settings, destination ?? pino.destination(STDOUT)));
}

/** pino's numeric level of `warn`. */
const WARN = 40;

/**
 * pino applies `formatters.bindings` to the root logger's bindings only; a child's
 * bindings (`log.child({ ... })`) are redacted here. Children inherit the method.
 */
function redactingChildren(logger: pino.Logger): pino.Logger {
  const child = logger.child;
  logger.child = function redactedChild(this: pino.Logger, bindings, childOptions) {
    return child.call(this, redactSecrets(bindings), childOptions);
  } as typeof logger.child;
  return logger;
}
