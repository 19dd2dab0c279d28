import { join } from 'node:path';
import type { Knex } from 'knex';
import { ConfigError, loadConfig } from './infrastructure/config.js';
import { appServices, createContainer, ids } from './infrastructure/container.js';
import { migrateToLatest } from './infrastructure/persistence/database.js';
import { projectRoot } from './infrastructure/project-root.js';
import { createApp } from './web/app.js';

/** Entry point of `npm start`: configuration, migrations, then the HTTP server. */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.session.generatedKeys) {
    console.warn('SESSION_KEYS is not set: using a random key, so sessions end when the process restarts.');
  }
  const container = createContainer(config);
  const db: Knex = container.get(ids.database);
  await migrateToLatest(db);

  const app = createApp(appServices(container), {
    sessionKeys: config.session.keys,
    production: config.production,
    viewsDir: join(projectRoot(), 'views'),
    trustedOrigins: config.trustedOrigins,
  });
  const server = app.listen(config.http.port, config.http.host, () => {
    console.log(`Gatehouse listening on http://${config.http.host}:${config.http.port}`);
  });

  const stop = () => {
    server.close(() => void db.destroy());
    server.closeIdleConnections();
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
