import type { Logger } from '../application/shared/ports/logger.js';
import type { HttpServer } from './http-server.js';

/** Something to close after the HTTP server stops: a database pool, a Redis client. */
export interface Closable {
  readonly name: string;
  close(): Promise<void>;
}

/** What a graceful shutdown stops, in order, and how long it waits for requests. */
export interface ShutdownPlan {
  readonly server: HttpServer;
  readonly resources: readonly Closable[];
  readonly timeoutMs: number;
  readonly logger: Logger;
  /** Ends the process; `process.exit` in real use. */
  readonly exit: (code: number) => void;
}

/**
 * Stops the process gracefully: the server stops accepting, in-flight requests finish
 * (up to the timeout), then each resource closes. Exits 0 when everything closed in
 * time and 1 when requests had to be cut or a resource failed to close.
 */
export async function shutDown(plan: ShutdownPlan, reason: string): Promise<void> {
  const started = performance.now();
  const closing = plan.server.close(plan.timeoutMs);
  // Logged once the listening socket is closed, so the line means "no new connections".
  plan.logger.info({ reason, timeoutMs: plan.timeoutMs }, 'shutting down');
  const { forced } = await closing;
  if (forced) plan.logger.warn({ timeoutMs: plan.timeoutMs }, 'requests still running at the deadline were cut');
  let failed = false;
  for (const resource of plan.resources) {
    try {
      await resource.close();
    } catch (error) {
      failed = true;
      plan.logger.error({ err: error, resource: resource.name }, 'could not close');
    }
  }
  const code = forced || failed ? 1 : 0;
  plan.logger.info({ durationMs: Math.round(performance.now() - started), exitCode: code }, 'stopped');
  plan.exit(code);
}

/**
 * On the first SIGTERM or SIGINT, shuts down gracefully; a second signal while that
 * runs (a second Ctrl-C) exits at once with 1.
 */
export function shutDownOnSignals(plan: ShutdownPlan): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      plan.logger.warn({ signal }, 'second signal: exiting without waiting');
      plan.exit(1);
      return;
    }
    stopping = true;
    void shutDown(plan, signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
