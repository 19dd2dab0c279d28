import { once } from 'node:events';
import { ConfigError, loadConfig } from '../infrastructure/config.js';
import { composeGatehouse } from '../infrastructure/container.js';
import { closeAll } from '../infrastructure/gatehouse.js';
import { createLogger } from '../infrastructure/logging/create-logger.js';
import { isOutage } from '../infrastructure/outage.js';
import { runCli } from './run-cli.js';
import { printsDocument } from './user-commands.js';

/** The log's lines on stderr, for a command whose stdout is a document. */
const STDERR_LINES = { write: (line: string) => void process.stderr.write(line) };

/** Entry point of `npm run cli -- <command>`. */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const args = process.argv.slice(2);
  const logger = printsDocument(args) ? createLogger(config.log, STDERR_LINES) : createLogger(config.log);
  const gatehouse = composeGatehouse(config, logger);
  try {
    // Every command but migrate (and its status, down and unlock) needs the schema; applying it first is harmless.
    if (args[0] !== 'migrate') await gatehouse.migrate();
    return await runCli(args, gatehouse, { log: console.log, error: console.error, write: writeStdout });
  } finally {
    await closeAll(gatehouse.resources);
    // Lines go out in batches: a command's security event (admin grant) must not be lost at exit.
    logger.flushSync();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(failureLine(error));
    process.exitCode = 1;
  },
);

/** Writes to stdout, waiting while its buffer is full, so a long export is not held in memory. */
async function writeStdout(text: string): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

/** One line saying why the command failed (one per variable for a configuration), for a person at a terminal. */
function failureLine(error: unknown): string {
  // A refused connection to a name with several addresses arrives as an AggregateError without a message.
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error instanceof Error && error.message) || (typeof code === 'string' ? code : String(error));
  if (error instanceof ConfigError) return error.report();
  if (isOutage(error)) return `Failed: cannot reach the database (check DATABASE_URL and that the server runs): ${message}`;
  return `Failed: ${message}`;
}
