import type { Logger as Pino } from 'pino';
import type { Logger } from '../../application/shared/ports/logger.js';
import { redactSecrets } from './redact-secrets.js';

/** Where the lines go, as far as the logger cares: it can write out what it holds. */
export interface LogOutput {
  /** Writes every buffered line now, before returning. */
  flushSync(): void;
}

/**
 * The application's Logger port on a pino logger. Warnings and worse go out at once
 * instead of with the next batch: they are the lines that explain a crash, and a crash
 * (an out-of-memory abort) runs no exit handler. A child's bindings are redacted here,
 * because pino applies `formatters.bindings` to the root logger's own bindings only.
 */
export class PinoLogger implements Logger {
  constructor(
    private readonly pino: Pino,
    private readonly output: LogOutput,
  ) {}

  debug(fields: object, message: string): void {
    this.pino.debug(fields, message);
  }

  info(fields: object, message: string): void {
    this.pino.info(fields, message);
  }

  warn(fields: object, message: string): void {
    this.pino.warn(fields, message);
    this.output.flushSync();
  }

  error(fields: object, message: string): void {
    this.pino.error(fields, message);
    this.output.flushSync();
  }

  /** The process cannot go on (a failed start). pino writes a fatal line out at once itself. */
  fatal(fields: object, message: string): void {
    this.pino.fatal(fields, message);
  }

  child(bindings: Record<string, unknown>): PinoLogger {
    return new PinoLogger(this.pino.child(redactSecrets(bindings)), this.output);
  }

  /** Writes every buffered line now: before the process exits, or when a reader waits for a line. */
  flushSync(): void {
    this.output.flushSync();
  }
}
