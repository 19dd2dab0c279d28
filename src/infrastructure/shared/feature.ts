import type { ContainerModule } from 'inversify';
import type { Config } from '../config.js';

/**
 * One feature of the app as the composition root loads it: its use cases (and its part
 * of the web app), and its stores, on the app's database or in memory. Production loads
 * every feature's `module` and `storage.sql`; the tests load the same modules with
 * `storage.memory`, so no use case is built by hand twice.
 */
export interface Feature {
  /** The feature's folder name, the same in every layer. */
  readonly name: string;
  /** Its use cases and, where it has pages, its part of the web app. */
  module(config: Config): ContainerModule;
  readonly storage: {
    /** Its stores on the app's database (and Redis, where REDIS_URL says). */
    sql(config: Config): ContainerModule;
    /** The same stores in process memory: for tests; each passes the same contract suite. */
    memory(config: Config): ContainerModule;
  };
}
