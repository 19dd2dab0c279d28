import type { Knex } from 'knex';
import { ConfigError, loadConfig } from '../infrastructure/config.js';
import { createContainer, ids } from '../infrastructure/container.js';
import { migrateToLatest } from '../infrastructure/persistence/database.js';
import { runCli } from './run-cli.js';

/** Entry point of `npm run cli -- <command>`. */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  const container = createContainer(config);
  const db: Knex = container.get(ids.database);
  try {
    const args = process.argv.slice(2);
    // Every command but migrate needs the schema; applying it first is harmless.
    if (args[0] !== 'migrate') await migrateToLatest(db);
    return await runCli(
      args,
      { migrate: () => migrateToLatest(db), setAdminFlag: container.get(ids.setAdminFlag) },
      console,
    );
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Failed: ${(error as Error)?.message ?? error}`);
    process.exitCode = 1;
  },
);
