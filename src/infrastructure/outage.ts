/**
 * Error codes that mean a server could not be reached or dropped the connection, as
 * Node's sockets, mysql2, pg and better-sqlite3 report them. A bug (bad SQL, a
 * constraint) has other codes and stays a 500.
 */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
  // PostgreSQL's SQLSTATEs: connection exceptions (class 08), too many connections, a
  // statement cancelled (statement_timeout), and a server that ends the connection
  // (admin shutdown, crash) or is starting or stopping and cannot take one.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
  '57014',
  '57P01',
  '57P02',
  '57P03',
]);

/** Error names of pools and clients that gave up waiting for a connection. */
const OUTAGE_NAMES = new Set(['KnexTimeoutError', 'TimeoutError', 'MaxRetriesPerRequestError']);

/** Messages of clients that report a closed connection without a code. */
const OUTAGE_MESSAGES = [
  /connection is closed/i,
  /connection is in closed state/i,
  /Connection lost/i,
  /Command timed out/i,
  // ioredis, for a command sent while the connection is down (its offline queue is off).
  /Stream isn't writeable/i,
];

/**
 * True when an error means a dependency (database, Redis) is unreachable rather
 * than that the code is wrong: the web layer answers 503 and the process stays up.
 */
export function isOutage(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const { code, fatal } = error as { code?: unknown; fatal?: unknown };
  if (typeof code === 'string' && OUTAGE_CODES.has(code)) return true;
  // mysql2 marks errors that broke the connection itself as fatal.
  if (fatal === true) return true;
  if (OUTAGE_NAMES.has(error.name)) return true;
  if (OUTAGE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isOutage(inner, depth + 1))) return true;
  return isOutage(error.cause, depth + 1);
}
