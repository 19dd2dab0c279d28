import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { runCli } from '../../../src/cli/run-cli.js';
import { Email } from '../../../src/domain/email.js';
import { loadConfig } from '../../../src/infrastructure/config.js';
import { appServices, createContainer, ids } from '../../../src/infrastructure/container.js';
import { migrateToLatest, releaseMigrationLock } from '../../../src/infrastructure/persistence/migrate-to-latest.js';
import { projectRoot } from '../../../src/infrastructure/project-root.js';
import { createApp } from '../../../src/web/app.js';

/** The real app on a fresh SQLite file, listening on a free port. */
export interface AppServer {
  readonly baseUrl: string;
  /** `npm run cli -- admin grant <email>`, through the CLI's own code, on the same database. */
  grantAdmin(email: string): Promise<string>;
  /** Adds users straight to the database (a fixed hash: they never log in), e.g. to fill pages. */
  addUsers(count: number, prefix: string): Promise<void>;
  close(): Promise<void>;
}

/** Starts the app as `npm start` does: config from an environment, container, migrations. */
export async function startAppServer(): Promise<AppServer> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-browser-'));
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'gatehouse.sqlite')}`,
    SESSION_KEYS: 'browser-test-session-key',
  });
  const container = createContainer(config);
  const db: Knex = container.get(ids.database);
  await migrateToLatest(db);
  const app = createApp(appServices(container), {
    sessionKeys: config.session.keys,
    production: config.production,
    viewsDir: join(projectRoot(), 'views'),
  });
  const server = createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async grantAdmin(email) {
      const lines: string[] = [];
      const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
      const deps = {
        migrate: () => migrateToLatest(db),
        releaseMigrationLock: () => releaseMigrationLock(db),
        setAdminFlag: container.get(ids.setAdminFlag),
      };
      const code = await runCli(['admin', 'grant', email], deps, out);
      if (code !== 0) throw new Error(`admin grant failed: ${lines.join('\n')}`);
      return lines.join('\n');
    },
    async addUsers(count, prefix) {
      const users = container.get(ids.users);
      for (let i = 1; i <= count; i++) {
        const email = Email.parse(`${prefix}${i}@example.com`) as Email;
        await users.create({ email, passwordHash: 'not-a-login', phone: i % 2 ? `+1 555 01${i}` : null });
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
