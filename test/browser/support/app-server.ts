import { mkdtempSync, rmSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../../src/application/shared/ports/clock.js';
import type { SecurityEvents } from '../../../src/application/shared/ports/security-events.js';
import type { SessionStorage } from '../../../src/application/shared/ports/session-storage.js';
import { runCli } from '../../../src/cli/run-cli.js';
import { Email } from '../../../src/domain/shared/email.js';
import { devicesIds } from '../../../src/infrastructure/devices/devices-ids.js';
import { sharedIds } from '../../../src/infrastructure/shared/shared-ids.js';
import { startHttpServer } from '../../../src/infrastructure/http-server.js';
import { buildGatehouseApp, type GatehouseApp } from '../../support/gatehouse-app.js';

/** The real app on a fresh SQLite file, listening on a free port. */
export interface AppServer {
  /** `http://127.0.0.1:<port>`, which is also the app's APP_URL: links in messages lead here. */
  readonly baseUrl: string;
  /** `npm run cli -- admin grant <email>`, through the CLI's own code, on the same database. */
  grantAdmin(email: string): Promise<string>;
  /** `npm run cli -- user reset-link <email>`, through the CLI's own code: the path and query of the link. */
  resetLinkPath(email: string): Promise<string>;
  /** Adds users straight to the database (a fixed hash: they never log in), e.g. to fill pages. */
  addUsers(count: number, prefix: string): Promise<void>;
  /** Where the app keeps its sessions: the composition root's storage. */
  readonly sessions: SessionStorage;
  /** Where the app records security events (and so an account's activity), e.g. to fill the activity page. */
  readonly securityEvents: SecurityEvents;
  close(): Promise<void>;
}

/** How the browser app server is set up. */
export interface AppServerOptions {
  /** SMTP_URL: where the app's delivery loop sends its messages; unset, they go to `.eml` files of its own. */
  readonly smtpUrl?: string;
  /**
   * The clock of "Keep me logged in" (its tokens' expiry and rotations), to move past
   * the rotation grace without waiting; the rest of the app keeps the machine's clock.
   */
  readonly rememberClock?: Clock;
  /**
   * `localhost` puts the app at http://localhost:<port> (still listening on 127.0.0.1):
   * WebAuthn needs a domain for its RP ID, and refuses an IP address.
   */
  readonly hostname?: 'localhost';
  /** EMAIL_CODE_LOGIN=on: "Email me a login code" on /login. */
  readonly emailCodeLogin?: boolean;
  /** More variables of the environment the app is configured from (`REQUIRE_2FA`, say). */
  readonly env?: Readonly<Record<string, string>>;
  /** BREACHED_PASSWORDS=check against this range endpoint (a loopback server). */
  readonly breachedPasswordsUrl?: string;
}

/**
 * Starts the app as `npm start` does: configuration from an environment, the
 * composition root (sessions in the Knex store, on the same SQLite file), migrations,
 * and the same HTTP server. The server listens first, on a free port, so that the app
 * is built with its own address as APP_URL; until then it answers 503 (nobody knows
 * the port yet, so nobody asks).
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  const { rememberClock } = options;
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-browser-'));
  let serve: RequestListener = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = await startHttpServer((request, response) => serve(request, response), { host: '127.0.0.1', port: 0 });
  const baseUrl = `http://${options.hostname ?? '127.0.0.1'}:${server.port}`;
  let started: GatehouseApp;
  try {
    started = await buildGatehouseApp(
      {
        DATABASE_URL: `sqlite:${join(dir, 'gatehouse.sqlite')}`,
        SESSION_KEYS: 'browser-test-session-key',
        APP_URL: baseUrl,
        ...(options.smtpUrl !== undefined && { SMTP_URL: options.smtpUrl }),
        ...(options.emailCodeLogin && { EMAIL_CODE_LOGIN: 'on' }),
        ...options.env,
        ...(options.breachedPasswordsUrl !== undefined && {
          BREACHED_PASSWORDS: 'check',
          BREACHED_PASSWORDS_URL: options.breachedPasswordsUrl,
        }),
      },
      undefined,
      rememberClock &&
        ((container) => {
          container.unbind(devicesIds.clock);
          container.bind(devicesIds.clock).toConstantValue(rememberClock);
        }),
    );
  } catch (error) {
    await server.close(0);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  serve = started.app.callback();

  return {
    baseUrl,
    async grantAdmin(email) {
      const lines: string[] = [];
      const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
      const code = await runCli(['admin', 'grant', email], started.gatehouse, out);
      if (code !== 0) throw new Error(`admin grant failed: ${lines.join('\n')}`);
      return lines.join('\n');
    },
    async resetLinkPath(email) {
      const lines: string[] = [];
      const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
      const code = await runCli(['user', 'reset-link', email], started.gatehouse, out);
      if (code !== 0) throw new Error(`user reset-link failed: ${lines.join('\n')}`);
      const link = new URL(lines.at(-1) ?? '');
      return `${link.pathname}${link.search}`;
    },
    async addUsers(count, prefix) {
      const users = started.get(sharedIds.users);
      for (let i = 1; i <= count; i++) {
        const email = Email.parse(`${prefix}${i}@example.com`) as Email;
        await users.create({ email, passwordHash: 'not-a-login', phone: i % 2 ? `+1 555 01${i}` : null });
      }
    },
    sessions: started.get(sharedIds.sessionStorage),
    securityEvents: started.get(sharedIds.securityEvents),
    async close() {
      // Browsers keep connections alive; the suite is over, so they are cut at once.
      await server.close(0);
      await started.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
