import { join } from 'node:path';
import { OWASP_ARGON2ID } from '../src/infrastructure/shared/passwords/argon2id-parameters.js';
import { Argon2idPasswordHasher } from '../src/infrastructure/shared/passwords/argon2id-password-hasher.js';
import { createBenchDatabase } from './database.js';
import { loginStorm, measureHashBound } from './login-storm.js';
import type { BenchOptions } from './options.js';
import { pin, startServer } from './processes.js';
import type { BenchReport } from './report.js';
import { BENCH_PASSWORD, seedUsers } from './seed.js';

/** How the harness starts the app server, reused for a second one. */
export interface AppServerLaunch {
  readonly args: readonly string[];
  readonly env: Record<string, string>;
  readonly cwd: string;
}

/**
 * Scenarios 8–10: a second server, started with PASSWORD_HASHER=argon2id and nothing
 * else changed, takes the same login storm, on accounts whose hashes are argon2id
 * hashes of the default parameters. It has a database of its own, so the throttle's
 * per-address count starts from zero (the first storm's last logins, cut off when it
 * ended, are still counted in the first database), and it runs alone on both cores
 * after the first server has stopped, so its peak RSS is its own: start-up and storm.
 */
export async function argon2idLogins(
  launch: AppServerLaunch,
  options: BenchOptions,
  scratch: string,
  say: (what: string, seconds: number, warmup?: string) => void,
): Promise<BenchReport['argon2id']> {
  const parameters = OWASP_ARGON2ID;
  const database = await createBenchDatabase(options.db);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const passwordHash = await new Argon2idPasswordHasher(parameters).hash(BENCH_PASSWORD);
    const db = database.open();
    const { accounts } = await seedUsers(db, { total: 0, accounts: options.accounts, passwordHash }).finally(() =>
      db.destroy(),
    );
    server = await startServer({
      ...launch,
      env: { ...launch.env, DATABASE_URL: database.url, PASSWORD_HASHER: 'argon2id' },
      logFile: join(scratch, 'server-argon2id.log'),
    });
    pin(server.pid, '0,1');
    const { memoryKiB, timeCost, parallelism } = parameters;
    say(
      `8b argon2id bound: verify m=${memoryKiB} KiB t=${timeCost} p=${parallelism}, ` +
        `${options.loginConnections} in flight (both cores)`,
      options.duration,
      '',
    );
    const bound = await measureHashBound('argon2id-bound.ts', options.loginConnections, options.duration, [
      memoryKiB,
      timeCost,
      parallelism,
    ]);
    say(
      `8 POST /login storm on PASSWORD_HASHER=argon2id, ${options.loginConnections} clients, ` +
        'with 9: GET / every 20 ms (both cores)',
      options.duration,
      `${2 * options.loginConnections} logins of`,
    );
    const { login, homeDuringLogins } = await loginStorm(server.baseUrl, server.pid, accounts, options);
    return {
      parameters,
      login,
      bound,
      homeDuringLogins,
      server: { startupMs: server.startupMs, peakRssMb: server.peakRssMb() },
    };
  } finally {
    await server?.stop();
    await database.drop();
  }
}
