import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { projectRoot } from '../src/infrastructure/project-root.js';
import { drive, type LoadSpec } from './load.js';
import type { BenchOptions } from './options.js';
import { probeLatency } from './probe.js';
import type { BenchReport, HashBound } from './report.js';
import { BENCH_PASSWORD } from './seed.js';
import { formHeaders, loginBody } from './session.js';

const run = promisify(execFile);

/**
 * A hasher's bound: `bench/<script>` run in its own process with `concurrency` hashes
 * in flight on libuv's default pool, as the server runs them.
 */
export async function measureHashBound(
  script: 'bcrypt-bound.ts' | 'argon2id-bound.ts',
  concurrency: number,
  seconds: number,
  parameters: readonly number[],
): Promise<HashBound> {
  const args = ['--import', 'tsx', `bench/${script}`, String(concurrency), String(seconds), ...parameters.map(String)];
  const { stdout } = await run(process.execPath, args, { cwd: projectRoot() });
  return JSON.parse(stdout) as HashBound;
}

/**
 * Scenario 4 (fresh logins rotating over the accounts) with scenario 5's probe running
 * alongside; the server's CPU per answer is read from the process `pid`.
 */
export async function loginStorm(
  baseUrl: string,
  pid: number,
  accounts: readonly string[],
  options: BenchOptions,
): Promise<Pick<BenchReport, 'login' | 'homeDuringLogins'>> {
  let logins = 0;
  const spec: LoadSpec = {
    url: `${baseUrl}/login`,
    pid,
    method: 'POST',
    connections: options.loginConnections,
    seconds: options.duration,
    headers: formHeaders(baseUrl),
    expectStatus: 302,
    body: (n) => loginBody(accounts[n % accounts.length] ?? '', BENCH_PASSWORD),
    onHeaders: (headers) => {
      if (headers.location === '/') logins += 1;
    },
  };
  // Warm up with a fixed number of logins, all answered (cut off mid-way, abandoned
  // hashes would still be queued on the server when the measured run starts); they
  // also prove that the storm's requests really log in, however short the run.
  const warmup = await drive({ ...spec, amount: 2 * options.loginConnections });
  const warmupLogins = logins;
  if (warmupLogins !== warmup.requests || warmup.failures > 0) {
    throw new Error(
      `login warm-up: ${warmupLogins} of ${warmup.requests} logins succeeded ${JSON.stringify(warmup.statusCodes)}`,
    );
  }
  logins = 0;
  const [result, homeDuringLogins] = await Promise.all([
    drive(spec),
    probeLatency(`${baseUrl}/`, 20, options.duration),
  ]);
  // A 302 back to /login is a refused login, not a login.
  const login = { ...result, failures: result.failures + (result.statusCodes['302'] ?? 0) - logins, logins };
  return { login: { ...login, warmupLogins, loginsPerSecond: logins / result.seconds }, homeDuringLogins };
}
