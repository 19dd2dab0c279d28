import { createLogger } from '../../src/infrastructure/logging/create-logger.js';
import type { Logger } from '../../src/web/logger.js';

/** The real pino logger at debug level, writing into memory. */
export interface CapturedLog {
  readonly logger: Logger;
  /** Every line written, as raw text. */
  text(): string;
  /** Every line written, parsed. */
  lines(): Record<string, unknown>[];
}

/** A logger whose JSON lines a test can read back. */
export function captureLog(): CapturedLog {
  const written: string[] = [];
  const logger = createLogger({ level: 'debug', pretty: false }, { write: (line) => written.push(line) });
  return {
    logger,
    text: () => written.join(''),
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
