import { createLogger } from '../../src/infrastructure/logging/create-logger.js';
import type { Logger } from '../../src/web/shared/logger.js';

/** The real pino logger at debug level, writing into memory. */
export interface CapturedLog {
  readonly logger: Logger;
  /** Every line written, as raw text. */
  text(): string;
  /** Every line written, parsed. */
  lines(): Record<string, unknown>[];
  /** Resolves the first line (written so far or later) that passes `test`. */
  waitForLine(test: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
}

/** A logger whose JSON lines a test can read back. */
export function captureLog(): CapturedLog {
  const written: string[] = [];
  const waiters = new Set<() => void>();
  const logger = createLogger(
    { level: 'debug', pretty: false },
    {
      write: (line) => {
        written.push(line);
        for (const wake of [...waiters]) wake();
      },
    },
  );
  const lines = () => written.map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    logger,
    text: () => written.join(''),
    lines,
    waitForLine: (test) =>
      new Promise((resolve) => {
        const check = () => {
          const found = lines().find(test);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
  };
}
