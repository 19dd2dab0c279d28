import cluster from 'node:cluster';
import type { Logger } from '../application/shared/ports/logger.js';

/** True in the process that should fork workers instead of serving (WEB_CONCURRENCY > 1). */
export function shouldSuperviseWorkers(count: number): boolean {
  return count > 1 && cluster.isPrimary;
}

/** True in a forked worker: the primary has already applied the migrations. */
export function isWorker(): boolean {
  return cluster.isWorker;
}

/**
 * Forks `count` workers (with `env` added to theirs) that share the listening port (node:cluster hands
 * connections to them in turn), replaces a worker that dies after it listened, and
 * on SIGTERM/SIGINT passes the signal on and exits once every worker has. A worker
 * that dies before it ever listened (bad configuration, port taken) stops it all.
 */
export function superviseWorkers(
  count: number,
  env: Record<string, string>,
  logger: Logger,
  exit: (code: number) => void,
): void {
  let stopping = false;
  let exitCode = 0;
  const listened = new Set<number>();

  const fork = () => {
    const worker = cluster.fork(env);
    worker.once('listening', () => listened.add(worker.id));
  };
  for (let n = 0; n < count; n += 1) fork();

  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && !listened.has(worker.id)) {
      logger.error({ pid: worker.process.pid, code, signal }, 'worker failed to start; stopping');
      stopping = true;
      exitCode = 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
    } else if (!stopping) {
      logger.error({ pid: worker.process.pid, code, signal }, 'worker died; starting another');
      fork();
    }
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0) exit(exitCode);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping workers');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  logger.info({ workers: count }, 'started workers');
}
