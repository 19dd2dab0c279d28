import { ConfigError, loadConfig } from './infrastructure/config.js';
import { composeGatehouse } from './infrastructure/container.js';
import { closeAll } from './infrastructure/gatehouse.js';
import { startHttpServer } from './infrastructure/http-server.js';
import { createLogger } from './infrastructure/logging/create-logger.js';
import { answerWorkerScrapes } from './infrastructure/metrics/cluster-scrape.js';
import { shutDownOnSignals } from './infrastructure/shutdown.js';
import { isWorker, shouldSuperviseWorkers, superviseWorkers } from './infrastructure/workers.js';

/** Entry point of `npm start`: configuration, migrations, then the HTTP server. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { stdoutIsTty: process.stdout.isTTY });
  } catch (error) {
    // Before anything listens, one line per variable: its name and what is wrong with it.
    console.error(error instanceof ConfigError ? error.report() : error);
    process.exit(1);
  }
  const logger = createLogger(config.log);
  // Lines go out in batches (create-logger.ts): whatever ends the process, the last batch is written.
  process.once('exit', () => logger.flushSync());
  try {
    if (config.session.generatedKeys) {
      logger.warn({}, 'SESSION_KEYS is not set: using a random key, so sessions end when the process restarts');
    }
    const gatehouse = composeGatehouse(config, logger);
    // With WEB_CONCURRENCY > 1 the primary migrates once, then only forks workers.
    if (!isWorker()) await gatehouse.migrate();
    if (config.sessionCookieSecure && config.proxyHops === 0 && !isWorker()) {
      logger.warn({}, 'Secure session cookies need HTTPS: behind a TLS proxy set TRUST_PROXY, else SESSION_COOKIE_SECURE=false');
    }
    const { transport } = config.mail;
    if (config.production && transport.kind === 'file' && !isWorker()) {
      const line = `mail is written as .eml files to ${transport.dir} and never sent: set SMTP_URL to an SMTP server`;
      logger.warn({ dir: transport.dir }, line);
    }
    if (shouldSuperviseWorkers(config.webConcurrency)) {
      await closeAll(gatehouse.resources);
      // Every worker must sign with the same keys, including a generated one.
      const env = { SESSION_KEYS: config.session.keys.join(',') };
      // A worker that receives a scrape of /metrics asks here for every worker's series.
      if (config.metrics.enabled) answerWorkerScrapes();
      superviseWorkers(config.webConcurrency, env, logger, (code) => process.exit(code));
      return;
    }

    const server = await startHttpServer(gatehouse.start().callback(), config.http);
    // Before the line below: whoever waits for it may send SIGTERM at once, which must find the handler.
    shutDownOnSignals({
      server,
      resources: gatehouse.resources,
      timeoutMs: config.shutdownTimeoutMs,
      logger,
      exit: (code) => process.exit(code),
    });
    logger.info({ host: config.http.host, port: server.port }, 'listening');
    // Whoever started the process may be waiting for this line.
    logger.flushSync();
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    process.exit(1);
  }
}

void main();
