import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcrypt';
import { Redis } from 'ioredis';
import { deleteRedisKeys } from '../test/support/redis.js';
import { projectRoot } from '../src/infrastructure/project-root.js';
import { type AppServerLaunch, argon2idLogins } from './argon2id-logins.js';
import { codeLogins, prepareCodeLogins } from './code-login.js';
import { createBenchDatabase } from './database.js';
import { forgotPasswordStorm } from './forgot-password.js';
import { drive, interleaved, type LoadResult, type LoadSpec } from './load.js';
import { loginStorm, measureHashBound } from './login-storm.js';
import { benchProviderEnv, providerLogins, startBenchProvider } from './provider-login.js';
import type { BenchOptions } from './options.js';
import { canPin, pin, type ServerProcess, startServer } from './processes.js';
import type { BenchReport } from './report.js';
import { BENCH_PASSWORD, seedUsers } from './seed.js';
import { productionNodeFlags } from './start-command.js';
import { cookiePair, newDeviceAlerts, prepareRememberedDevices, rememberedLogins } from './remembered-login.js';
import { DEVICE_COOKIE } from '../src/web/devices/device-cookie.js';
import { expectPage, logInSession } from './session.js';
import { measureUserSearches } from './user-search.js';

const root = projectRoot();
/** The measured steps, for the progress line. */
const STEPS = 14;

/** Runs every scenario once and returns the figures; the caller prints and stores them. */
export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const { progress } = options;
  const startedAt = new Date().toISOString();
  const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-bench-run-'));
  const twoCores = canPin && availableParallelism() >= 2;
  const machine = {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: loadavg()[0] ?? 0,
    pinned: twoCores,
  };
  let step = 0;
  // How long a step runs: seconds, or a count of requests for one that runs a fixed number.
  const say = (what: string, length: number | string, warmup = options.warmup > 0 ? `${options.warmup} s` : '') =>
    progress(
      `[${++step}/${STEPS}] ${what} — ${typeof length === 'number' ? `${length} s` : length}${warmup ? ` after ${warmup} warm-up` : ''}`,
    );
  const measure = async (spec: LoadSpec): Promise<LoadResult> => {
    if (options.warmup > 0) await drive({ ...spec, seconds: options.warmup });
    return drive(spec);
  };

  const redisPrefix = `gatehouse_bench_${randomBytes(6).toString('hex')}:`;
  const database = await createBenchDatabase(options.db);
  progress(`Seeding ${options.users.toLocaleString('en-US')} users (${database.client})…`);
  const servers: ServerProcess[] = [];
  try {
    const passwordHash = await bcrypt.hash(BENCH_PASSWORD, 10);
    const db = database.open();
    // Scenario 12's remembered devices, each used once (the login rotates it), issued before any timed run.
    const rememberedWarmup = options.warmup > 0 ? Math.ceil(options.rememberedLogins / 5) : 0;
    const codeWarmup = options.warmup > 0 ? Math.ceil(options.codeLogins / 5) : 0;
    const { seeded, remembered } = await (async () => {
      const users = await seedUsers(db, {
        total: options.users,
        accounts: options.accounts,
        codeAccounts: codeWarmup + options.codeLogins,
        passwordHash,
      });
      progress(`Remembering ${(rememberedWarmup + options.rememberedLogins).toLocaleString('en-US')} devices for scenario 12…`);
      const cookies = await prepareRememberedDevices(db, users.member, rememberedWarmup + options.rememberedLogins);
      return { seeded: users, remembered: cookies };
    })().finally(() => db.destroy());

    progress('Starting the production server and the bare Koa server…');
    const nodeFlags = productionNodeFlags(root);
    // Scenario 14 issues login codes from the harness, which must hash them with the server's key.
    const sessionKey = randomBytes(32).toString('base64url');
    const launch: AppServerLaunch = {
      args: [
        ...nodeFlags,
        ...(options.cpuProf ? ['--cpu-prof', '--cpu-prof-dir', join(options.resultsDir, 'profiles')] : []),
        ...(options.server === 'dist' ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts']),
      ],
      env: {
        NODE_ENV: 'production',
        // Plain HTTP on loopback: a Secure cookie would never be sent back.
        SESSION_COOKIE_SECURE: 'false',
        SESSION_KEYS: sessionKey,
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        DATABASE_URL: database.url,
        APP_URL: 'http://127.0.0.1',
        // Scenario 11 posts the reset form from one address, far past the per-address limit.
        THROTTLE_PASSWORD_RESET_PER_EMAIL: '0',
        THROTTLE_PASSWORD_RESET_PER_ADDRESS: '0',
        SMTP_URL: `file:${join(scratch, 'outbox')}`,
        // Scenario 14 logs in by emailed code.
        EMAIL_CODE_LOGIN: 'on',
        ...(options.redis && { REDIS_URL: options.redis, REDIS_KEY_PREFIX: redisPrefix }),
      },
      cwd: root,
    };
    const app = await startServer({ ...launch, logFile: join(scratch, 'server.log') });
    servers.push(app);
    const homeHtml = join(scratch, 'home.html');
    writeFileSync(homeHtml, await (await fetch(`${app.baseUrl}/`)).text());
    const bare = await startServer({
      args: ['--import', 'tsx', 'bench/bare-koa.ts', homeHtml],
      env: {},
      cwd: root,
      logFile: join(scratch, 'bare-koa.log'),
    });
    servers.push(bare);

    const member = await logInSession(app.baseUrl, seeded.member, BENCH_PASSWORD);
    const admin = await logInSession(app.baseUrl, seeded.admin, BENCH_PASSWORD);
    const deepAfter = Math.max(1, seeded.lastId - 75);
    await expectPage(app.baseUrl, '/users/profile', member);
    await expectPage(app.baseUrl, '/admin', admin);
    await expectPage(app.baseUrl, `/users?after=${deepAfter}`, admin);

    // 1–3 and 6: each server on core 0, the load generator on core 1.
    for (const server of [app, bare]) pin(server.pid, '0');
    pin(process.pid, twoCores ? '1' : '0');
    const page = (url: string, cookie?: string, pid = app.pid): LoadSpec => ({
      url,
      pid,
      connections: options.connections,
      seconds: options.duration,
      ...(cookie && { headers: { cookie } }),
    });
    // The yardstick and 1–3 take turns in short slices, so that both sides of each
    // ratio see the same machine even when other work on it comes and goes.
    const rounds = Math.max(1, Math.floor(options.duration / 2));
    say(
      `0–3 bare Koa, GET /, GET /users/profile, GET /admin (core 0), taking turns in ${rounds} rounds, each`,
      options.duration,
    );
    const [bareKoa, home, profile, adminPage] = await interleaved(
      [
        page(`${bare.baseUrl}/`, undefined, bare.pid),
        page(`${app.baseUrl}/`),
        page(`${app.baseUrl}/users/profile`, member),
        page(`${app.baseUrl}/admin`, admin),
      ],
      rounds,
      options.warmup,
      (round) => progress(`      round ${round}/${rounds}`),
    );
    await bare.stop();
    say(`6a GET /users first page, ${seeded.lastId} users (core 0)`, options.duration);
    const usersFirstPage = await measure(page(`${app.baseUrl}/users`, admin));
    say(`6b GET /users?after=${deepAfter} deep page (core 0)`, options.duration);
    const usersDeepPage = await measure(page(`${app.baseUrl}/users?after=${deepAfter}`, admin));
    const usersSearch = await measureUserSearches(
      app.baseUrl,
      (url) => page(url, admin),
      measure,
      (what) => say(`${what}, ${seeded.lastId} users`, options.duration),
    );
    say(
      '12 GET /users/profile, no session, a valid remember-me cookie each, used once (core 0)',
      `${options.rememberedLogins} requests`,
      rememberedWarmup > 0 ? `${rememberedWarmup} requests of` : '',
    );
    // The member's browser: the device cookie its login above was given.
    const device = cookiePair(member, DEVICE_COOKIE);
    const outbox = database.open();
    const alertsBefore = await newDeviceAlerts(outbox).finally(() => outbox.destroy());
    if (rememberedWarmup > 0) {
      await rememberedLogins(app.baseUrl, app.pid, remembered.slice(0, rememberedWarmup), options.connections, device);
    }
    const remembering = await rememberedLogins(app.baseUrl, app.pid, remembered.slice(rememberedWarmup), options.connections, device);
    const outboxAfter = database.open();
    const alertsAfter = await newDeviceAlerts(outboxAfter).finally(() => outboxAfter.destroy());
    const rememberedLogin = { ...remembering, newDeviceAlerts: alertsAfter - alertsBefore };
    // Prepared just before it runs: a code lives ten minutes.
    progress(`Asking for ${seeded.codeAccounts.length.toLocaleString('en-US')} login codes for scenario 14, and delivering their mail…`);
    const codeDb = database.open();
    const prepared = await prepareCodeLogins(app.baseUrl, codeDb, sessionKey, seeded.codeAccounts).finally(() => codeDb.destroy());
    say(
      '14 POST /login/code, the right emailed code each, used once: a login each (core 0)',
      `${options.codeLogins} requests`,
      codeWarmup > 0 ? `${codeWarmup} requests of` : '',
    );
    if (codeWarmup > 0) await codeLogins(app.baseUrl, app.pid, prepared.slice(0, codeWarmup), options.connections);
    const codeLogin = await codeLogins(app.baseUrl, app.pid, prepared.slice(codeWarmup), options.connections);

    // 4 and 5: everything on both cores.
    pin(app.pid, '0,1');
    pin(process.pid, '0,1');
    say(`4b bcrypt bound: compare at cost 10, ${options.loginConnections} in flight (both cores)`, options.duration, '');
    const bcryptBound = await measureHashBound('bcrypt-bound.ts', options.loginConnections, options.duration, [10]);
    say(
      `4 POST /login storm, ${options.loginConnections} clients, with 5 GET / every 20 ms (both cores)`,
      options.duration,
      `${2 * options.loginConnections} logins of`,
    );
    const { login, homeDuringLogins } = await loginStorm(app.baseUrl, app.pid, seeded.accounts, options);
    const server = { startupMs: app.startupMs, peakRssMb: app.peakRssMb(), nodeFlags };
    // Last on this server: the messages it queues are delivered in the background for a
    // while after, which would take CPU from the scenarios above.
    say('11 POST /password/forgot, known and unknown addresses in turn (both cores)', options.duration, '');
    const forgotPassword = await forgotPasswordStorm(app.baseUrl, seeded.accounts, options.connections, options.duration);
    await app.stop();

    const argon2id = await argon2idLogins(launch, options, scratch, say);

    // 15: its own server, so that no other scenario runs with a provider configured.
    say('15 GET /auth/bench/callback: a login with the loopback OpenID Provider (both cores)', `${options.providerLogins} logins`, '');
    const openIdProvider = await startBenchProvider(launch.env.APP_URL ?? '');
    let providerLogin;
    try {
      const withProvider = await startServer({
        ...launch,
        // Every trip is begun from this one address before any returns: past the per-address login budget.
        env: { ...launch.env, ...benchProviderEnv(openIdProvider.issuer), THROTTLE_LOGIN_PER_ADDRESS: '0' },
        logFile: join(scratch, 'provider-server.log'),
      });
      servers.push(withProvider);
      providerLogin = await providerLogins(withProvider.baseUrl, withProvider.pid, openIdProvider.provider, options.providerLogins, options.connections);
      await withProvider.stop();
    } finally {
      await openIdProvider.provider.stop();
    }

    const report: BenchReport = {
      startedAt,
      machine,
      settings: {
        database: database.client,
        sessions: options.redis ? 'redis' : 'database',
        secondsPerScenario: options.duration,
        users: seeded.lastId,
        connections: options.connections,
        loginConnections: options.loginConnections,
      },
      bareKoa,
      home,
      profile,
      admin: adminPage,
      usersFirstPage,
      usersDeepPage: { ...usersDeepPage, afterId: deepAfter },
      rememberedLogin,
      codeLogin,
      usersSearch,
      forgotPassword,
      login,
      bcryptBound,
      homeDuringLogins,
      server,
      argon2id,
      providerLogin,
    };
    mkdirSync(options.resultsDir, { recursive: true });
    writeFileSync(
      join(options.resultsDir, `bench-${report.startedAt.replace(/[:.]/g, '-')}.json`),
      JSON.stringify(report, null, 2),
    );
    return report;
  } finally {
    pin(process.pid, Array.from({ length: availableParallelism() }, (_, i) => i).join(','));
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    if (options.redis) await deleteBenchKeys(options.redis, redisPrefix);
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Removes every key a run with `--redis` wrote. */
async function deleteBenchKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true });
  await redis.connect();
  try {
    await deleteRedisKeys(redis, prefix);
  } finally {
    redis.disconnect();
  }
}
