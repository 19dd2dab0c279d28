import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Container } from 'inversify';
import type Koa from 'koa';
import type { Logger } from '../../src/application/shared/ports/logger.js';
import { type Config, type Environment, loadConfig } from '../../src/infrastructure/config.js';
import { createContainer, gatehouseOf } from '../../src/infrastructure/container.js';
import { type Resolve, resolverOf } from '../../src/infrastructure/shared/binding.js';
import { closeAll, type Gatehouse } from '../../src/infrastructure/gatehouse.js';
import { silentLogger } from '../../src/web/shared/logger.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.js';
import { TEST_DATA_KEY } from './two-factor.js';

/** The app as `npm start` builds it, with the parts a test may look at. */
export interface GatehouseApp {
  readonly config: Config;
  readonly gatehouse: Gatehouse;
  /** The Koa app `npm start` serves: the composition root's, on the configured adapters. */
  readonly app: Koa;
  /** The composition root it came from. */
  readonly container: Container;
  /** A part of it by its id (`sharedIds.users`, `sharedIds.sessionStorage`). */
  readonly get: Resolve;
  /** Closes what the app opened, as a shutdown does after the HTTP server. */
  close(): Promise<void>;
}

/** Changes a test makes to the composition root before anything is resolved from it. */
export type Recompose = (container: Container, config: Config) => void;

/**
 * Builds the app exactly as `npm start` does, without listening: configuration from
 * this environment, the composition root, migrations, then `start()`. Lines go to
 * `logger` (nowhere unless given). Without `SMTP_URL` the messages go to `.eml` files
 * in a temporary folder of this app's own, removed at `close()`, never to ./data/outbox.
 * Without `DATA_ENCRYPTION_KEY` on a server database a fixed test key is used, so no
 * development key file lands in ./data (on SQLite it goes beside the test's file).
 * `recompose`, if given, rebinds parts of the root first (a clock a test can move).
 */
export async function buildGatehouseApp(
  env: Environment,
  logger: Logger = silentLogger,
  recompose?: Recompose,
): Promise<GatehouseApp> {
  const outbox = env.SMTP_URL ? null : mkdtempSync(join(tmpdir(), 'gatehouse-outbox-'));
  const onServer = env.DATA_ENCRYPTION_KEY === undefined && !(env.DATABASE_URL ?? 'sqlite:').startsWith('sqlite:');
  const config = loadConfig({
    ...env,
    ...(outbox && { SMTP_URL: `file:${outbox}` }),
    ...(onServer && { DATA_ENCRYPTION_KEY: TEST_DATA_KEY.toString('base64') }),
  });
  const container = createContainer(config, logger);
  recompose?.(container, config);
  const gatehouse = gatehouseOf(container);
  const close = async () => {
    try {
      await closeAll(gatehouse.resources);
    } finally {
      if (outbox) rmSync(outbox, { recursive: true, force: true });
    }
  };
  try {
    await gatehouse.migrate();
    const app = gatehouse.start();
    return { config, gatehouse, app, container, get: resolverOf(container), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What `useAppOnSmtp` gives each test: its SMTP server, and the app it starts (closed after it). */
export interface AppOnSmtp {
  smtp: TestSmtpServer;
  started: GatehouseApp | undefined;
}

/**
 * Mocha hooks for tests of the app as `npm start` builds it, mailing a real SMTP server:
 * a fresh server before each test; after it, the app the test kept in `started` is
 * closed, then the server stopped.
 */
export function useAppOnSmtp(): AppOnSmtp {
  const state = { started: undefined } as AppOnSmtp;
  beforeEach(async () => {
    state.smtp = await startSmtpServer();
  });
  afterEach(async () => {
    await state.started?.close();
    state.started = undefined;
    await state.smtp.stop();
  });
  return state;
}
