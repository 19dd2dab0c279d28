/**
 * A structured logger: a message with fields. The process writes through pino
 * (infrastructure/logging); the web layer receives one, tests pass a silent or
 * capturing one.
 */
export interface Logger {
  /** Fine detail for a developer. */
  debug(fields: object, message: string): void;
  /** What the process is doing. */
  info(fields: object, message: string): void;
  /** Something an operator should look at. */
  warn(fields: object, message: string): void;
  /** Something failed. */
  error(fields: object, message: string): void;
  /** A logger that adds these fields to every line. */
  child(bindings: Record<string, unknown>): Logger;
}
