import type { Context } from 'koa';
import type { Logger } from '../../application/shared/ports/logger.js';

export type { Logger };

/** A logger that writes nothing. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  child: () => silentLogger,
};

/** The logger of this request (with its request id), or a silent one outside a request. */
export function requestLogger(ctx: Context): Logger {
  return (ctx.state.log as Logger | undefined) ?? silentLogger;
}
